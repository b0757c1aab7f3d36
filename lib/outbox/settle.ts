// Submissions whose status lags behind their batches: every batch final (complete or failed), yet
// the submission still reads sending or processing. A round brings the statuses up to date right
// after it records its batches (tick.ts), in a statement of its own; a process that dies between
// the two (the fleet bench's SIGKILL did), or whose status update fails (a deadlock), left the
// submission there for good: never complete, so never read back. The worker's follow loop settles
// them now and then (lib/worker/worker.ts).
import "server-only";
import { sql } from "@/lib/db-sql";
import { updateSubmissionStatuses } from "@/lib/submissions/status";

/** How many it brought up to date (at most `limit` a call). */
export async function settleLaggingStatuses(limit = 500): Promise<number> {
  const lagging = await sql<{ id: string }>`
    SELECT s.id FROM "Submission" AS s
     WHERE s.status IN ('sending', 'processing')
       AND NOT EXISTS (
         SELECT 1 FROM "SubmissionBatch" AS b
          WHERE b."submissionId" = s.id AND b.status IN ('pending', 'sending', 'sent')
       )
     LIMIT ${limit}::int`;
  await updateSubmissionStatuses(lagging.map((s) => s.id));
  return lagging.length;
}
