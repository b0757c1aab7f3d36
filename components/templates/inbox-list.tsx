"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { ScrollBox } from "@/components/ui/scroll-box";
import { ApiClientError, apiFetch } from "@/lib/api-client";
import { formatCents } from "@/lib/splits/money";
import type { ConfirmedName } from "@/lib/splits/schema";
import type { InboxItemView } from "@/lib/templates/inbox";
import type { SelectionSummary } from "@/lib/templates/inbox-names";
import { ApproveDialog } from "./approve-dialog";

const count = new Intl.NumberFormat("en-US");

/** The gifts waiting: each with its proposed split, before → after; approve, skip or edit. */
export function InboxList({ items, waiting }: { items: InboxItemView[]; waiting: number }) {
  const router = useRouter();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ tone: "ok" | "danger"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ which: string[] | "all"; summary: SelectionSummary } | null>(null);
  const fail = (error: unknown) =>
    setMessage({ tone: "danger", text: error instanceof ApiClientError ? error.message : "Something went wrong." });

  const ready = items.filter((i) => i.status === "waiting" && i.lines.length > 0);
  const toggle = (id: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** The server sums up the whole selection ("all" is more than the page shows), then asks. */
  async function approve(which: string[] | "all") {
    setBusy(true);
    setMessage(null);
    try {
      const summary = await apiFetch<SelectionSummary>("/api/inbox/selection", {
        method: "POST",
        body: { items: which },
      });
      if (summary.gifts === 0) setMessage({ tone: "danger", text: "No gift in the inbox is ready to send." });
      else setAsking({ which, summary });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function send(which: string[] | "all", confirmedNewNames: ConfirmedName[]) {
    setAsking(null);
    setBusy(true);
    setMessage(null);
    try {
      const { submissionId } = await apiFetch<{ submissionId: string }>("/api/inbox/approve", {
        method: "POST",
        body: { idempotencyKey: crypto.randomUUID(), items: which, confirmedNewNames },
      });
      router.push(`/history/${submissionId}`);
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  }

  async function post(path: string, body: unknown, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      await apiFetch(path, { method: "POST", body });
      setChosen(new Set());
      setMessage({ tone: "ok", text: done });
      router.refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

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
          onCancel={() => setAsking(null)}
          onSend={(names) => void send(asking.which, names)}
        />
      )}
      {items.length === 0 ? (
        <p className="muted">Nothing to allocate. New gifts a template applies to appear here.</p>
      ) : (
        <>
          <div className="button-row">
            <Button
              onClick={() => void approve("all")}
              disabled={busy || (ready.length === 0 && waiting <= items.length)}
            >
              Approve all
            </Button>
            <Button
              variant="secondary"
              onClick={() => void approve(approvable)}
              disabled={busy || approvable.length === 0}
            >
              Approve selected ({count.format(approvable.length)})
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                void post("/api/inbox/skip", { items: selected }, "Skipped: those gifts stay as they are.")
              }
              disabled={busy || selected.length === 0}
            >
              Skip selected
            </Button>
          </div>
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
                  <tr key={item.id}>
                    <td data-label="Choose">
                      <input
                        type="checkbox"
                        checked={chosen.has(item.id)}
                        onChange={() => toggle(item.id)}
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
                    <td data-label="Before">
                      {[item.gift?.campaign, item.gift?.fund].filter(Boolean).join(" · ") || "—"}
                    </td>
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
                        <ChooseTemplate
                          item={item}
                          busy={busy}
                          onChoose={(templateId) =>
                            void post(
                              `/api/inbox/${item.id}/choose`,
                              { templateId },
                              "Template chosen: check its split.",
                            )
                          }
                        />
                      ) : (
                        (item.template?.name ?? "—")
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </>
      )}
    </section>
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
