// The final report of a sent change: what the service took, dropped and never confirmed, and
// why splits were dropped. Apart from SubmissionProgressView, which reads as the progress.
import type { SubmissionProgress } from "@/lib/submissions/progress";
import { Notice } from "@/components/ui/notice";

export function FinalReport({ data }: { data: SubmissionProgress }) {
  const { batches, rows } = data;
  return (
    <>
      <dl className="facts">
        <dt>Gifts</dt>
        <dd>{data.transactionCount.toLocaleString("en-US")}</dd>
        <dt>Splits taken by the service</dt>
        <dd>{rows.imported.toLocaleString("en-US")}</dd>
        <dt>Splits dropped by the service</dt>
        <dd>{rows.dropped.toLocaleString("en-US")}</dd>
        <dt>Splits not confirmed</dt>
        <dd>
          {rows.pending.toLocaleString("en-US")}
          {rows.pending > 0 && (
            <span className="small muted"> (the service did not say what became of them; see each in History)</span>
          )}
        </dd>
      </dl>
      {data.dropReasons.length > 0 && (
        <>
          <h3>Why splits were dropped</h3>
          <ul>
            {data.dropReasons.map((reason) => (
              <li key={reason.message}>
                {reason.count} × {reason.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {batches.failed > 0 && (
        <Notice tone="danger">Some splits could not be sent: {data.lastError}. Open the details to retry.</Notice>
      )}
    </>
  );
}
