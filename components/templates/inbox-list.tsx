"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { ScrollBox } from "@/components/ui/scroll-box";
import { chooseInboxTemplate, skipInboxItems } from "@/lib/hooks/inbox-calls";
import { formatCents } from "@/lib/splits/money";
import type { InboxItemView } from "@/lib/templates/inbox";
import { ApproveDialog } from "./approve-dialog";
import { useInboxActions } from "./use-inbox-actions";

const count = new Intl.NumberFormat("en-US");

/** The gifts waiting: each with its proposed split, before → after; approve, skip or edit. */
export function InboxList({ items, waiting }: { items: InboxItemView[]; waiting: number }) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  // A skip or a choice done clears the selection (the page shows the list anew).
  const { message, busy, asking, cancel, approve, send, post } = useInboxActions(() => setChosen(new Set()));

  const ready = items.filter((i) => i.status === "waiting" && i.lines.length > 0);
  const toggle = (id: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const selected = [...chosen];
  // Any waiting gift can be chosen to skip (one two templates match too); only those with a
  // proposal can be approved.
  const approvable = selected.filter((id) => ready.some((i) => i.id === id));
  return (
    <section aria-labelledby="waiting-title">
      <h2 id="waiting-title">Waiting for you ({count.format(waiting)})</h2>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {asking && (
        <ApproveDialog
          summary={asking.summary}
          all={asking.which === "all"}
          onCancel={cancel}
          onSend={(names) => void send(asking.which, names)}
        />
      )}
      {items.length === 0 ? (
        <p className="muted">Nothing to allocate. New gifts a template applies to appear here.</p>
      ) : (
        <>
          <InboxButtons
            busy={busy}
            canApproveAll={ready.length > 0 || waiting > items.length}
            approvable={approvable.length}
            selected={selected.length}
            onApproveAll={() => void approve("all")}
            onApproveSelected={() => void approve(approvable)}
            onSkip={() => void post(() => skipInboxItems(selected), "Skipped: those gifts stay as they are.")}
          />
          <ScrollBox label="Gifts to allocate">
            <table className="table table--stack">
              <thead>
                <tr>
                  <th scope="col">Choose</th>
                  <th scope="col">Gift</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                  <th scope="col">Template</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <InboxRow
                    key={item.id}
                    item={item}
                    chosen={chosen.has(item.id)}
                    busy={busy}
                    onToggle={() => toggle(item.id)}
                    onChoose={(templateId) =>
                      void post(() => chooseInboxTemplate(item.id, templateId), "Template chosen: check its split.")
                    }
                  />
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </>
      )}
    </section>
  );
}

/** Approve all (more than the page may show), approve or skip the chosen gifts. */
function InboxButtons(props: {
  busy: boolean;
  canApproveAll: boolean;
  approvable: number;
  selected: number;
  onApproveAll: () => void;
  onApproveSelected: () => void;
  onSkip: () => void;
}) {
  const { busy } = props;
  return (
    <div className="button-row">
      <Button onClick={props.onApproveAll} disabled={busy || !props.canApproveAll}>
        Approve all
      </Button>
      <Button variant="secondary" onClick={props.onApproveSelected} disabled={busy || props.approvable === 0}>
        Approve selected ({count.format(props.approvable)})
      </Button>
      <Button variant="secondary" onClick={props.onSkip} disabled={busy || props.selected === 0}>
        Skip selected
      </Button>
    </div>
  );
}

/** One waiting gift: its checkbox, the gift, its split before and the proposed one after. */
function InboxRow({
  item,
  chosen,
  busy,
  onToggle,
  onChoose,
}: {
  item: InboxItemView;
  chosen: boolean;
  busy: boolean;
  onToggle: () => void;
  onChoose: (templateId: string) => void;
}) {
  return (
    <tr>
      <td data-label="Choose">
        <input
          type="checkbox"
          checked={chosen}
          onChange={onToggle}
          disabled={item.status !== "waiting" && item.status !== "choose"}
          aria-label={`Choose the gift of ${item.gift?.contactName ?? item.transactionId}`}
        />
      </td>
      <td data-label="Gift">
        <Link href={`/transactions/${encodeURIComponent(item.transactionId)}`}>
          {item.gift?.contactName ?? item.transactionId}
        </Link>{" "}
        {item.gift ? formatCents(item.gift.amountCents, item.gift.currency) : ""}
      </td>
      <td data-label="Before">{[item.gift?.campaign, item.gift?.fund].filter(Boolean).join(" · ") || "—"}</td>
      <td data-label="After">
        {item.lines.length > 0 ? (
          <ul className="plain-list">
            {item.lines.map((line, i) => (
              <li key={i}>
                {formatCents(line.cents, item.gift?.currency)} {line.fund}
                {line.campaign ? ` · ${line.campaign}` : ""}
              </li>
            ))}
          </ul>
        ) : (
          "—"
        )}
        {item.note && <p className="small muted">{item.note}</p>}
      </td>
      <td data-label="Template">
        {item.status === "choose" ? (
          <ChooseTemplate item={item} busy={busy} onChoose={onChoose} />
        ) : (
          (item.template?.name ?? "—")
        )}
      </td>
    </tr>
  );
}

function ChooseTemplate({
  item,
  busy,
  onChoose,
}: {
  item: InboxItemView;
  busy: boolean;
  onChoose: (templateId: string) => void;
}) {
  const [value, setValue] = useState("");
  const id = `choose-${item.id}`;
  return (
    <div className="button-row inbox-choose">
      {/* A Field, so the select takes the app's own size and font (a bare one is the browser's
          small default, hard to hit on a phone). */}
      {/* The cell's own "Template:" names it on a phone: the label is for screen readers. */}
      <Field id={id} label={<span className="visually-hidden">Template for this gift</span>} className="field--grow">
        {(c) => (
          <select {...c} value={value} onChange={(e) => setValue(e.target.value)}>
            <option value="">Choose a template</option>
            {item.choices.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button variant="secondary" disabled={busy || !value} onClick={() => onChoose(value)}>
        Use it
      </Button>
    </div>
  );
}
