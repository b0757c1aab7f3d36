import Link from "next/link";
import { formatCents } from "@/lib/splits/money";
import { describeHolding, type SnapshotHolding } from "@/lib/submissions/moves";
import type { SubmissionDetail } from "@/lib/submissions/read";
import { giftName } from "@/lib/gift-name";
import { formatDay } from "@/lib/when";
import { Notice } from "@/components/ui/notice";
import { ScrollBox } from "@/components/ui/scroll-box";

type Gift = SubmissionDetail["transactions"][number];
type Row = Gift["rows"][number];

/** One gift of a submission as History recorded it: donor, amount, date, its money before and
 *  after, and what became of each split at the service (a difference read-back found says so on
 *  its split, never "Sent"). */
export function GiftRecord({ gift: t, verified, zone }: { gift: Gift; verified: boolean; zone: string }) {
  const name =
    t.amountCents === null
      ? `Gift ${t.transactionId} (no longer in Apportion's copy; sent before History kept donors)`
      : `${giftName({ ...t, amountCents: t.amountCents })}${t.occurredAt ? `, ${formatDay(t.occurredAt, zone)}` : ""}`;
  return (
    <section className="card" aria-label={name}>
      <h2>
        <Link href={`/transactions/${encodeURIComponent(t.transactionId)}`}>{name}</Link>
      </h2>
      <p className="small muted">
        Gift {t.transactionId}
        {t.externalId && t.externalId !== t.transactionId ? ` · your id ${t.externalId}` : ""}
      </p>
      {t.before && t.after && (
        <div className="timeline__change">
          <Holdings title="Before" holdings={t.before} currency={t.currency} />
          <Holdings title="After" holdings={t.after} currency={t.currency} />
        </div>
      )}
      {t.differences.length > 0 && (
        <Notice tone="danger" role="none">
          <p>At the service now:</p>
          <ul>
            {t.differences.map((d, i) => (
              <li key={i}>{d.message}</li>
            ))}
          </ul>
        </Notice>
      )}
      <ScrollBox label={`Splits sent for the gift ${t.transactionId}`}>
        <table className="table table--stack">
          <caption className="visually-hidden">What the service did with each split of this gift</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Campaign</th>
              <th scope="col">Fund</th>
              <th scope="col">At the service</th>
            </tr>
          </thead>
          <tbody>
            {t.rows.map((r) => (
              <SplitRecordRow key={r.splitId} row={r} currency={t.currency} outcome={splitOutcome(t, r, verified)} />
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}

type Outcome = { text: string; detail: string | null };

// splitOutcome and SplitRecordRow stand apart from GiftRecord so that it reads as the gift's parts;
// the outcome is a plain function of the recorded row and what read-back found.

/** What became of one split at the service, in a word, with the service's or read-back's detail. */
function splitOutcome(t: Gift, r: Row, verified: boolean): Outcome {
  const giftGone = t.differences.find((d) => d.splitId === null);
  // The service said it dropped the row: that, with its reason, says more than read-back's "missing".
  if (r.outcome === "dropped") return { text: "Dropped", detail: r.dropMessage };
  const differs = t.differences.filter((d) => d.splitId === r.splitId).map((d) => d.message);
  if (differs.length > 0) return { text: "Differs", detail: differs.join(" ") };
  if (giftGone && r.outcome === "imported") return { text: "Differs", detail: giftGone.message };
  if (r.outcome === "pending") return { text: "Waiting", detail: null };
  const done = r.deleted ? "Removed" : "Sent";
  return { text: verified ? `${done}, checked` : done, detail: null };
}

function SplitRecordRow({ row: r, currency, outcome }: { row: Row; currency: string; outcome: Outcome }) {
  return (
    <tr className={outcome.text === "Dropped" || outcome.text === "Differs" ? "row--dropped" : undefined}>
      <td data-label="Amount" className="num">
        {r.deleted
          ? "removed"
          : r.quantity > 1
            ? `${r.quantity} × ${formatCents(r.unitAmountCents, currency)} = ${formatCents(r.unitAmountCents * r.quantity, currency)}`
            : formatCents(r.unitAmountCents, currency)}
      </td>
      <td data-label="Campaign">
        {r.campaign ?? (r.deleted ? "" : "Service default campaign")}
        {r.parentCampaign ? <span className="muted small"> under {r.parentCampaign}</span> : null}
      </td>
      <td data-label="Fund">{r.fund}</td>
      <td data-label="At the service">
        <strong>{outcome.detail && outcome.text === "Differs" ? `Differs: ${outcome.detail}` : outcome.text}</strong>
        {outcome.detail && outcome.text !== "Differs" && <p className="small">{outcome.detail}</p>}
      </td>
    </tr>
  );
}

function Holdings({ title, holdings, currency }: { title: string; holdings: SnapshotHolding[]; currency: string }) {
  return (
    <div>
      <p className="small muted">{title}</p>
      <ul className="timeline__holdings">
        {holdings.map((h, i) => (
          <li key={i}>{describeHolding(h, currency)}</li>
        ))}
        {holdings.length === 0 && <li className="muted">Nothing</li>}
      </ul>
    </div>
  );
}
