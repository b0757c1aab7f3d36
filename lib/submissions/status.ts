// A submission's status follows from its batches and rows. Set-based: one statement brings any
// number of submissions up to date (a round of the outbox touches up to hundreds).
import "server-only";
import { inTransaction, statement } from "@/lib/db-sql";

/**
 * The submissions' rows are locked first (FOR NO KEY UPDATE, in id order), so the UPDATE that
 * follows, a statement of its own with a fresh snapshot, sees every batch change committed before
 * it: two rounds finishing at once cannot leave a submission with an older round's status.
 */
export async function updateSubmissionStatuses(submissionIds: readonly string[]): Promise<void> {
  const ids = [...new Set(submissionIds)].sort();
  if (ids.length === 0) return;
  const lock = statement`SELECT id FROM "Submission" WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR NO KEY UPDATE`;
  // A failed batch does not stop the others: the submission needs attention once nothing else moves.
  const update = statement`
      UPDATE "Submission" AS s
         SET status = v.status::"SubmissionStatus", "updatedAt" = now()
        FROM (
          SELECT sub.id,
                 CASE
                   WHEN bool_or(b.status IN ('pending', 'sending')) THEN 'sending'
                   WHEN bool_or(b.status = 'sent') THEN 'processing'
                   WHEN bool_or(b.status = 'failed') THEN 'needs_attention'
                   WHEN EXISTS (
                     SELECT 1 FROM "SubmissionRow" AS r WHERE r."submissionId" = sub.id AND r.outcome = 'dropped'
                   ) THEN 'complete_with_drops'
                   ELSE 'complete'
                 END AS status
            FROM "Submission" AS sub
            LEFT JOIN "SubmissionBatch" AS b ON b."submissionId" = sub.id
           WHERE sub.id = ANY(${ids}::uuid[])
           GROUP BY sub.id
        ) AS v
       WHERE s.id = v.id AND s.status <> v.status::"SubmissionStatus"`;
  await inTransaction(async (client) => {
    await client.query(lock);
    await client.query(update);
  });
}

export async function updateSubmissionStatus(submissionId: string): Promise<void> {
  await updateSubmissionStatuses([submissionId]);
}
