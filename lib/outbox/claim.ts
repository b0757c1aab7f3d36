// The outbox: batches waiting in PostgreSQL, claimed by any number of workers (in any process)
// with FOR UPDATE SKIP LOCKED, so two workers never send the same batch.
//
// Per organization, batches go out strictly in the order they were submitted: a batch is
// claimable only when no earlier batch of the same connection is still pending or being sent.
// The service processes imports in the order received, and a later re-allocation of a gift must
// not overtake an earlier one. Batches of a connection that is not active wait.
import "server-only";
import { db } from "@/lib/db";
import type { ImportBody } from "@/lib/service/import-rows";

export type ClaimedBatch = {
  id: string;
  submissionId: string;
  connectionId: string;
  body: ImportBody;
  attempts: number;
};

export async function claimBatches(
  workerId: string,
  limit: number,
  submissionId: string | null = null,
): Promise<ClaimedBatch[]> {
  return db().$queryRaw<ClaimedBatch[]>`
    UPDATE "SubmissionBatch" AS c
       SET status = 'sending', "claimedAt" = now(), "claimedBy" = ${workerId}, attempts = c.attempts + 1
      FROM "Submission" AS s
     WHERE s.id = c."submissionId"
       AND c.id IN (
         SELECT ch.id
           FROM "SubmissionBatch" AS ch
           JOIN "Submission" AS sub ON sub.id = ch."submissionId"
           JOIN "Connection" AS k ON k.id = sub."connectionId"
          WHERE ch.status = 'pending'
            AND (ch."nextAttemptAt" IS NULL OR ch."nextAttemptAt" <= now())
            AND k.status = 'active'
            AND (${submissionId}::uuid IS NULL OR ch."submissionId" = ${submissionId}::uuid)
            AND NOT EXISTS (
              SELECT 1
                FROM "SubmissionBatch" AS e
                JOIN "Submission" AS es ON es.id = e."submissionId"
               WHERE es."connectionId" = sub."connectionId"
                 AND e.status IN ('pending', 'sending')
                 AND (es."createdAt", es.id, e.index) < (sub."createdAt", sub.id, ch.index)
            )
          ORDER BY sub."createdAt", ch.index
          LIMIT ${limit}
          FOR UPDATE OF ch SKIP LOCKED
       )
    RETURNING c.id, c."submissionId", s."connectionId", c.body, c.attempts`;
}

export type DueBatch = { id: string; submissionId: string; connectionId: string; serviceImportId: string };

/** Sent batches whose status at the service is due to be asked again; marks them checked now. */
export async function claimDueChecks(
  limit: number,
  intervalMs: number,
  submissionId: string | null = null,
): Promise<DueBatch[]> {
  const before = new Date(Date.now() - intervalMs);
  return db().$queryRaw<DueBatch[]>`
    UPDATE "SubmissionBatch" AS c
       SET "checkedAt" = now()
      FROM "Submission" AS s
     WHERE s.id = c."submissionId"
       AND c.id IN (
         SELECT ch.id FROM "SubmissionBatch" AS ch
          WHERE ch.status = 'sent'
            AND (ch."checkedAt" IS NULL OR ch."checkedAt" < ${before})
            AND (${submissionId}::uuid IS NULL OR ch."submissionId" = ${submissionId}::uuid)
          ORDER BY ch."sentAt"
          LIMIT ${limit}
          FOR UPDATE OF ch SKIP LOCKED
       )
    RETURNING c.id, c."submissionId", s."connectionId", c."serviceImportId"`;
}

/** A claim this old belongs to a worker that stopped (crash, restart, kill): it goes back in line. */
export async function reclaimStale(olderThanMs: number): Promise<number> {
  const reclaimed = await db().submissionBatch.updateMany({
    where: { status: "sending", claimedAt: { lt: new Date(Date.now() - olderThanMs) } },
    data: { status: "pending", claimedBy: null },
  });
  return reclaimed.count;
}
