import Link from "next/link";
import { SubmissionStatusBadge } from "@/components/history/submission-status";
import { requireConnection } from "@/lib/auth/session";
import { listSubmissions } from "@/lib/submissions/read";
import { ButtonLink } from "@/components/ui/button";

// Server-rendered: the zone is said, not guessed from the server's clock.
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export const metadata = { title: "Import history" };

export default async function HistoryPage() {
  const connection = await requireConnection();
  const submissions = await listSubmissions(connection.id);
  return (
    <>
      <h1>Import history</h1>
      <p className="muted">Every submission to the service, with what it did with each row.</p>
      {submissions.length === 0 ? (
        <div className="card empty">
          <p>Nothing submitted yet.</p>
          <ButtonLink href="/transactions">Split a gift</ButtonLink>
        </div>
      ) : (
        <div className="card table-card">
          <table className="table table--stack">
            <caption className="visually-hidden">Submissions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Submitted (UTC)</th>
                <th scope="col">From</th>
                <th scope="col">Transactions</th>
                <th scope="col">Rows</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {submissions.map((s) => (
                <tr key={s.id}>
                  <td data-label="Submitted (UTC)">
                    <Link href={`/history/${s.id}`}>{when.format(new Date(s.createdAt))}</Link>
                  </td>
                  <td data-label="From">
                    {s.source ? <Link href={`/bulk/${s.source.draftId}`}>{s.source.label}</Link> : "Split editor"}
                  </td>
                  <td data-label="Transactions">{s.transactionCount}</td>
                  <td data-label="Rows">
                    {s.rowCount}
                    {s.droppedCount > 0 ? <span className="muted"> ({s.droppedCount} dropped)</span> : null}
                  </td>
                  <td data-label="Status">
                    <SubmissionStatusBadge status={s.status} />
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
