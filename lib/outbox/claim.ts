// The outbox: chunks waiting in PostgreSQL, claimed by any number of workers (in any process)
// with FOR UPDATE SKIP LOCKED, so two workers never send the same chunk.
//
// Per organization, chunks go out strictly in the order they were submitted: a chunk is
// claimable only when no earlier chunk of the same connection is still pending or being sent.
// The service processes imports in the order received, and a later re-allocation of a gift must
// not overtake an earlier one. Chunks of a connection that is not active wait.
import "server-only";
import { db } from "@/lib/db";
import type { ImportBody } from "@/lib/service/import-rows";

export type ClaimedChunk = {
  id: string;
  submissionId: string;
  connectionId: string;
  body: ImportBody;
  attempts: number;
};

export async function claimChunks(
  workerId: string,
  limit: number,
  submissionId: string | null = null,
): Promise<ClaimedChunk[]> {
  return db().$queryRaw<ClaimedChunk[]>`
    UPDATE "SubmissionChunk" AS c
       SET status = 'sending', "claimedAt" = now(), "claimedBy" = ${workerId}, attempts = c.attempts + 1
      FROM "Submission" AS s
     WHERE s.id = c."submissionId"
       AND c.id IN (
         SELECT ch.id
           FROM "SubmissionChunk" AS ch
           JOIN "Submission" AS sub ON sub.id = ch."submissionId"
           JOIN "Connection" AS k ON k.id = sub."connectionId"
          WHERE ch.status = 'pending'
            AND (ch."nextAttemptAt" IS NULL OR ch."nextAttemptAt" <= now())
            AND k.status = 'active'
            AND (${submissionId}::uuid IS NULL OR ch."submissionId" = ${submissionId}::uuid)
            AND NOT EXISTS (
              SELECT 1
                FROM "SubmissionChunk" AS e
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

export type DueChunk = { id: string; submissionId: string; connectionId: string; serviceImportId: string };

/** Sent chunks whose status at the service is due to be asked again; marks them checked now. */
export async function claimDueChecks(
  limit: number,
  intervalMs: number,
  submissionId: string | null = null,
): Promise<DueChunk[]> {
  const before = new Date(Date.now() - intervalMs);
  return db().$queryRaw<DueChunk[]>`
    UPDATE "SubmissionChunk" AS c
       SET "checkedAt" = now()
      FROM "Submission" AS s
     WHERE s.id = c."submissionId"
       AND c.id IN (
         SELECT ch.id FROM "SubmissionChunk" AS ch
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
  const reclaimed = await db().submissionChunk.updateMany({
    where: { status: "sending", claimedAt: { lt: new Date(Date.now() - olderThanMs) } },
    data: { status: "pending", claimedBy: null },
  });
  return reclaimed.count;
}
