import Link from "next/link";
import { SubmissionStatusBadge } from "@/components/history/submission-status";
import { When } from "@/components/ui/when";
import type { Holding, TimelineEntry } from "@/lib/gift-history/timeline";
import { formatCents } from "@/lib/splits/money";

type Props = {
  transactionId: string;
  currency: string;
  entries: TimelineEntry[];
  zone: string;
  /** Whether the connection can reach the service now (a change still going out waits). */
  connectionActive: boolean;
};

/** The gift's allocation history, newest first: when, from where, before and after, and the way
 *  back to what it held before each change. */
export function GiftTimeline({ transactionId, currency, entries, zone, connectionActive }: Props) {
  if (entries.length === 0) return null;
  return (
    <section className="card" aria-labelledby="timeline-title">
      <h2 id="timeline-title">History of this gift</h2>
      <ol className="timeline">
        {entries.map((e) => (
          <li key={e.submissionId} className="timeline__entry">
            <p>
              <Link href={`/history/${e.submissionId}`}>
                <When iso={e.at} zone={zone} precise />
              </Link>{" "}
              · {from(e)}{" "}
              <SubmissionStatusBadge
                status={e.status}
                verification={e.verification}
                connectionActive={connectionActive}
              />
            </p>
            {e.reason && <p className="small timeline__reason">Reason: {e.reason}</p>}
            <div className="timeline__change">
              <Holdings title="Before" holdings={e.before} currency={currency} />
              <Holdings
                title={e.reached ? "After" : "Sent (did not reach the service)"}
                holdings={e.after}
                currency={currency}
              />
            </div>
            {e.reached && (
              <p className="small">
                <Link href={`/transactions/${encodeURIComponent(transactionId)}?restore=${e.submissionId}`}>
                  Restore the allocation before this change
                </Link>
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function from(e: TimelineEntry) {
  if (!e.source) return "from the split editor";
  return (
    <>
      from the {e.source.kind === "rule" ? "rule" : "file"}{" "}
      <Link href={`/bulk/${e.source.draftId}`}>{e.source.label}</Link>
    </>
  );
}

function Holdings({ title, holdings, currency }: { title: string; holdings: Holding[]; currency: string }) {
  return (
    <div>
      <p className="small muted">{title}</p>
      <ul className="timeline__holdings">
        {holdings.map((h, i) => (
          <li key={h.splitId ?? i}>
            {formatCents(h.unitAmountCents * h.quantity, currency)} · {h.campaign ?? "Service default campaign"} /{" "}
            {h.fund}
          </li>
        ))}
        {holdings.length === 0 && <li className="muted">Nothing</li>}
      </ul>
    </div>
  );
}
