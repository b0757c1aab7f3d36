"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { MovesTable } from "@/components/ui/moves-table";
import { formatCents } from "@/lib/splits/money";
import type { SelectionMoves } from "@/lib/templates/inbox-moves";
import type { ConfirmedName } from "@/lib/splits/schema";
import type { InboxNewName, SelectionSummary } from "@/lib/templates/inbox-names";

const count = new Intl.NumberFormat("en-US");
const KIND: Record<InboxNewName["kind"], string> = { campaign: "campaign", parent: "parent campaign", fund: "fund" };
const keyOf = (n: InboxNewName) => `${n.kind}:${n.name}`;

/** A parent campaign is created as a campaign: that is how the submission's rule confirms it. */
export function confirmedFrom(names: readonly InboxNewName[]): ConfirmedName[] {
  return names.map((n) => ({ kind: n.kind === "fund" ? "fund" : "campaign", name: n.name }));
}

type Props = {
  summary: SelectionSummary | null;
  all: boolean;
  onCancel: () => void;
  onSend: (confirmed: ConfirmedName[]) => void;
};

/**
 * The question before approving, told like the editor's review: what moves (per fund before →
 * after, and the money moved between funds, not the gifts' total), and every name it would create
 * at the service, read by the server from the whole selection (not only the page shown), each
 * with its own box. Send waits for every box; Cancel has the focus, so Enter never sends.
 */
export function ApproveDialog({ summary, all, onCancel, onSend }: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const names = summary?.newNames ?? [];
  const left = names.filter((n) => !ticked.has(keyOf(n))).length;
  const n = summary?.gifts ?? 0;
  const moves = summary?.moves ?? null;
  const tick = (key: string, yes: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      if (yes) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <Dialog
      open={summary !== null}
      onClose={onCancel}
      title={`Send ${count.format(n)} gift${n === 1 ? "" : "s"} as proposed?`}
      titleId="approve-title"
      initialFocus={cancel}
    >
      <div className="dialog__body">
        <p>
          {all ? "Every gift ready in the inbox" : "The gifts you chose"} {n === 1 ? "goes" : "go"} to the service in
          one submission, then {n === 1 ? "is" : "are"} checked there.{" "}
          <strong>
            {moves && moves.movedCents > 0
              ? `${formatCents(moves.movedCents, moves.currency ?? "USD")} moves between funds.`
              : "No money moves between funds."}
          </strong>
        </p>
        {moves && <FundsTable moves={moves} />}
        {names.length > 0 && (
          <Notice tone="warn" role="none">
            <p>
              {names.length === 1 ? "This name is new" : `These ${count.format(names.length)} names are new`}: the
              service creates {names.length === 1 ? "it" : "them"} exactly as written.{" "}
              {names.length === 1 ? "Tick it to create it." : "Tick each one to create it."}
            </p>
            <ul className="review-new-names">
              {names.map((name) => (
                <li key={keyOf(name)}>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={ticked.has(keyOf(name))}
                      onChange={(e) => tick(keyOf(name), e.target.checked)}
                    />
                    Create {KIND[name.kind]} “{name.name}” ({count.format(name.gifts)} gift
                    {name.gifts === 1 ? "" : "s"})
                  </label>
                </li>
              ))}
            </ul>
          </Notice>
        )}
      </div>
      <div className="button-row dialog__actions">
        <Button ref={cancel} variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={left > 0} onClick={() => onSend(confirmedFrom(names))}>
          {left > 0 ? `Send (tick ${left} more)` : "Send"}
        </Button>
      </div>
    </Dialog>
  );
}

/** Per fund the selection's gifts touch: before, after and the change, largest change first. */
function FundsTable({ moves }: { moves: SelectionMoves }) {
  return (
    <MovesTable
      caption="What moves, per fund, before and after"
      captionHidden
      placeHeader="Fund"
      rows={moves.funds.map((f) => ({ key: `${f.currency}-${f.fund}`, place: f.fund, ...f }))}
    />
  );
}
