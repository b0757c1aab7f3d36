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
import { describeChange } from "@/lib/submissions/moves";
import { originLabel, type SubmissionOrigin } from "@/lib/submissions/origin";
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
  if (s.gift && s.transactionCount === 1) return giftName(s.gift);
  const gifts = `${s.transactionCount.toLocaleString("en-US")} gift${s.transactionCount === 1 ? "" : "s"}`;
  return s.origin.kind === "editor" ? gifts : `${gifts} from ${originLabel(s.origin)}`;
}

/** What moved and where it came from. One gift: its move ("$62.50 Food Purchasing → Operations")
 *  and a link to it. Several: their count and the money moved ("30 gifts · $4,445.27 moved"),
 *  the largest changes per fund, never one gift's move. A submission older than snapshots names
 *  its gift while the copy still has it. */
function Subject({ entry: s }: { entry: HistoryEntry }) {
  const gifts = `${s.transactionCount.toLocaleString("en-US")} gift${s.transactionCount === 1 ? "" : "s"}`;
  return (
    <>
      <strong>{s.moved ?? gifts}</strong>
      {s.changes && <Changes changes={s.changes} />}
      {s.gift && s.transactionCount === 1 && (
        <p className="small">
          <Link href={`/transactions/${encodeURIComponent(s.gift.transactionId)}`}>{giftName(s.gift)}</Link>
        </p>
      )}
      <p className="small muted">
        <Origin origin={s.origin} />
      </p>
    </>
  );
}

const SHOWN_CHANGES = 3;

/** The largest net changes per fund (or campaign), "and 4 more funds" after them. */
function Changes({ changes }: { changes: NonNullable<HistoryEntry["changes"]> }) {
  const shown = changes.changes.slice(0, SHOWN_CHANGES);
  const more = changes.changes.length - shown.length;
  return (
    <ul className="history-changes small" aria-label={`Largest changes per ${changes.by}`}>
      {shown.map((c) => (
        <li key={c.name}>{describeChange(c, changes.currency)}</li>
      ))}
      {more > 0 && (
        <li className="muted">
          and {more.toLocaleString("en-US")} more {changes.by}
          {more === 1 ? "" : "s"}
        </li>
      )}
    </ul>
  );
}

/** "From: Split editor", "From: File spring.csv" (a link to it), "From: Template “Monthly”, sent automatically". */
function Origin({ origin }: { origin: SubmissionOrigin }) {
  if (origin.kind === "csv" || origin.kind === "rule") {
    return (
      <>
        From: {origin.kind === "rule" ? "Rule " : "File "}
        <Link href={`/bulk/${origin.draftId}`}>{origin.label}</Link>
      </>
    );
  }
  return <>From: {originLabel(origin)}</>;
}
