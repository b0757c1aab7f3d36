import Link from "next/link";
import { HistoryFiltersForm } from "@/components/history/history-filters";
import { historyHref } from "@/components/history/history-href";
import { SubmissionStatusBadge } from "@/components/history/submission-status";
import { TimeZoneSync } from "@/components/time-zone-sync";
import { ButtonLink } from "@/components/ui/button";
import { When } from "@/components/ui/when";
import { requireConnection } from "@/lib/auth/session";
import { giftName } from "@/lib/gift-name";
import { type HistoryEntry, historyFiltersSchema, listSubmissions } from "@/lib/submissions/list";
import { adminTimeZone } from "@/lib/time-zone";

export const metadata = { title: "History" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HistoryPage({ searchParams }: Props) {
  const connection = await requireConnection();
  const filters = historyFiltersSchema.parse(await searchParams);
  const [submissions, zone] = await Promise.all([listSubmissions(connection.id, 50, filters), adminTimeZone()]);
  const filtered = Boolean(filters.status || filters.source);
  // While the service cannot be reached, nothing is being sent: the badge says what it waits for.
  const connectionActive = connection.status === "active";
  return (
    <>
      <TimeZoneSync rendered={zone} />
      <h1>History</h1>
      <p className="muted">
        Every change sent to the service: what moved, why, and whether the service was checked to hold it.
      </p>
      <HistoryFiltersForm filters={filters} />
      <p>
        <a href={historyHref(filters, "/api/submissions/export.csv")} download>
          Export {filtered ? "these" : "the history"} as CSV
        </a>
      </p>
      {submissions.length === 0 ? (
        <div className="card empty">
          {filtered ? (
            <>
              <p>Nothing sent matches these filters.</p>
              <ButtonLink href="/history">Show all</ButtonLink>
            </>
          ) : (
            <>
              <p>Nothing sent yet.</p>
              <ButtonLink href="/transactions">Split a gift</ButtonLink>
            </>
          )}
        </div>
      ) : (
        <div className="card table-card">
          <table className="table table--stack">
            <caption className="visually-hidden">Changes sent, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">What moved</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {submissions.map((s) => (
                <tr key={s.id}>
                  <td data-label="Sent">
                    <Link href={`/history/${s.id}`} aria-label={`Details of ${what(s)}`}>
                      <When iso={s.createdAt} zone={zone} precise />
                    </Link>
                  </td>
                  <td data-label="What moved" className="history-what">
                    <Subject entry={s} />
                    {s.reason && <p className="small">Reason: {s.reason}</p>}
                  </td>
                  <td data-label="Status">
                    <SubmissionStatusBadge
                      status={s.status}
                      verification={s.verificationState}
                      connectionActive={connectionActive}
                    />
                    {s.difference && <p className="small">{s.difference}</p>}
                    {s.droppedCount > 0 && (
                      <p className="small muted">
                        {s.droppedCount.toLocaleString("en-US")} split{s.droppedCount === 1 ? "" : "s"} dropped by the
                        service
                      </p>
                    )}
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
  return `${s.transactionCount.toLocaleString("en-US")} gift${s.transactionCount === 1 ? "" : "s"}`;
}

/** What moved ("$62.50 Food Purchasing → Operations"), and which gift (donor, amount) or which
 *  file or rule. A submission older than snapshots names its gift while the copy still has it. */
function Subject({ entry: s }: { entry: HistoryEntry }) {
  const gifts = `${s.transactionCount.toLocaleString("en-US")} gift${s.transactionCount === 1 ? "" : "s"}`;
  if (s.gift) {
    return (
      <>
        {s.moved && <strong>{s.moved}</strong>}
        <p className="small">
          <Link href={`/transactions/${encodeURIComponent(s.gift.transactionId)}`}>{giftName(s.gift)}</Link>
        </p>
      </>
    );
  }
  if (s.source) {
    return (
      <>
        <strong>{s.moved ?? gifts}</strong>
        <p className="small">
          {s.source.kind === "rule" ? "Rule " : "File "}
          <Link href={`/bulk/${s.source.draftId}`}>{s.source.label}</Link>
        </p>
      </>
    );
  }
  return <strong>{s.moved ?? gifts}</strong>;
}
