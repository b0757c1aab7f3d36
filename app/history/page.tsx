import Link from "next/link";
import { HistoryFiltersForm } from "@/components/history/history-filters";
import { SubmissionStatusBadge } from "@/components/history/submission-status";
import { TimeZoneSync } from "@/components/time-zone-sync";
import { ButtonLink } from "@/components/ui/button";
import { When } from "@/components/ui/when";
import { requireConnection } from "@/lib/auth/session";
import { giftName } from "@/lib/gift-name";
import { type HistoryEntry, historyFiltersSchema, listSubmissions } from "@/lib/submissions/list";
import { adminTimeZone } from "@/lib/time-zone";

export const metadata = { title: "Import history" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HistoryPage({ searchParams }: Props) {
  const connection = await requireConnection();
  const filters = historyFiltersSchema.parse(await searchParams);
  const [submissions, zone] = await Promise.all([listSubmissions(connection.id, 50, filters), adminTimeZone()]);
  const filtered = Boolean(filters.status || filters.source);
  // While the service cannot be reached, nothing is being sent: say what it waits for.
  const waiting = connection.status !== "active";
  return (
    <>
      <TimeZoneSync rendered={zone} />
      <h1>Import history</h1>
      <p className="muted">Every submission to the service, with what it did with each row.</p>
      <HistoryFiltersForm filters={filters} />
      {submissions.length === 0 ? (
        <div className="card empty">
          {filtered ? (
            <>
              <p>No submission matches these filters.</p>
              <ButtonLink href="/history">Show all</ButtonLink>
            </>
          ) : (
            <>
              <p>Nothing submitted yet.</p>
              <ButtonLink href="/transactions">Split a gift</ButtonLink>
            </>
          )}
        </div>
      ) : (
        <div className="card table-card">
          <table className="table table--stack">
            <caption className="visually-hidden">Submissions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Submitted</th>
                <th scope="col">What</th>
                <th scope="col">Rows</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {submissions.map((s) => (
                <tr key={s.id}>
                  <td data-label="Submitted">
                    <Link href={`/history/${s.id}`} aria-label={`Submission of ${what(s)}`}>
                      <When iso={s.createdAt} zone={zone} />
                    </Link>
                  </td>
                  <td data-label="What">
                    <Subject entry={s} />
                  </td>
                  <td data-label="Rows">
                    {s.rowCount}
                    {s.droppedCount > 0 ? <span className="muted"> ({s.droppedCount} dropped)</span> : null}
                  </td>
                  <td data-label="Status">
                    <SubmissionStatusBadge status={s.status} waitingForReconnect={waiting} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function what(s: HistoryEntry): string {
  if (s.gift) return giftName(s.gift);
  if (s.source) return `${s.source.kind === "rule" ? "the rule" : "the file"} ${s.source.label}`;
  return `${s.transactionCount} gift${s.transactionCount === 1 ? "" : "s"}`;
}

/** Which gift (donor, amount, linked), or which file or rule, with how many gifts. */
function Subject({ entry: s }: { entry: HistoryEntry }) {
  const gifts = `${s.transactionCount.toLocaleString("en-US")} gift${s.transactionCount === 1 ? "" : "s"}`;
  if (s.gift) {
    return <Link href={`/transactions/${encodeURIComponent(s.gift.transactionId)}`}>{giftName(s.gift)}</Link>;
  }
  if (s.source) {
    return (
      <>
        {s.source.kind === "rule" ? "Rule " : "File "}
        <Link href={`/bulk/${s.source.draftId}`}>{s.source.label}</Link>
        <span className="muted"> · {gifts}</span>
      </>
    );
  }
  return <>{gifts}</>;
}
