// The end of a complete full run: the copy gives up the gifts the service no longer has. The query
// API shows only what exists (a deleted gift is simply no longer listed, and nothing marks it as
// changed), so the only sign of a deletion is a gift a complete read of everything did not meet.
import "server-only";
import { db } from "@/lib/db";
import { sqlIn } from "@/lib/db-sql";

/**
 * At the end of a complete full run: the copied gifts this run did not see (stored before it began)
 * are no longer at the service, so they leave the copy, and their KnownSplit rows with them
 * (ON DELETE CASCADE). Submissions keep their own rows and read the copy only to name a gift.
 *
 * Only when the gifts seen by this run (stored since it began, counted here in the same
 * statement) are at least the service's total for the run, and exactly the number the service
 * holds now (asked at the end of the run): a run that saw fewer missed some, and deleting then
 * could remove gifts that still exist (a gift added, or moved in time into the part already read,
 * during the run). A row written by a process whose clock runs behind also counts as unseen, so
 * the count fails and nothing is removed rather than that row.
 *
 * A gift with a batch still on its way (pending, sending, sent) stays: recording its import writes
 * the splits the service took into KnownSplit, which needs the gift's row, and a batch that cannot
 * be recorded would hold its submission in Processing for ever. The copy then holds more gifts than
 * the service, so a later run reads in full again and removes it once its import is recorded.
 */
export function removeUnseen(
  connectionId: string,
  runStartedAt: Date,
  totals: { expected: number; serviceTotal: number | undefined },
) {
  // Seen ≥ expected and seen = the service's total, with the run's rows counted once: the total
  // must reach what the run expected, and the count must equal it. Without the service's total
  // nothing is removed: -1 matches no count.
  const serviceTotal = totals.serviceTotal ?? -1;
  const { expected } = totals;
  const began = runStartedAt.toISOString();
  // Timestamps are compared as UTC, the way store-page.ts writes syncedAt (TIMESTAMP(3)).
  // A statement of the run's closing batch transaction (sync-run.ts), so Prisma runs it.
  return sqlIn(db()).execute`
    DELETE FROM "KnownTransaction" AS k
     WHERE k."connectionId" = ${connectionId}::uuid
       AND k."syncedAt" < (${began}::timestamptz AT TIME ZONE 'UTC')
       AND NOT EXISTS (
             SELECT 1 FROM "SubmissionRow" AS r
               JOIN "SubmissionBatch" AS b ON b.id = r."batchId"
               JOIN "Submission" AS s ON s.id = b."submissionId"
              WHERE r."transactionId" = k."transactionId" AND s."connectionId" = k."connectionId"
                AND b.status IN ('pending', 'sending', 'sent'))
       AND ${serviceTotal}::bigint >= ${expected}::bigint
       AND (SELECT count(*) FROM "KnownTransaction" AS seen
             WHERE seen."connectionId" = ${connectionId}::uuid
               AND seen."syncedAt" >= (${began}::timestamptz AT TIME ZONE 'UTC')) = ${serviceTotal}::bigint`;
}
