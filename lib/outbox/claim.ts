// The outbox: batches waiting in PostgreSQL, claimed by any number of workers (in any process)
// with FOR UPDATE SKIP LOCKED, so two workers never send the same batch.
//
// Per organization, batches go out strictly in the order they were submitted: a claim starts at
// a connection's head, the oldest batch of the connection still pending, and only when no earlier
// batch of it is pending or being sent. The service processes imports in the order received, and
// a later re-allocation of a gift must not overtake an earlier one. With the head the claim takes
// the batches right behind it (a chain), in order, up to the first one that is not due; the
// claimer delivers them one after another. Locking the head is what makes the chain exclusive:
// another claimer skips the locked head, and the batches behind it are not heads.
// Batches of a connection that is not active wait.
import "server-only";
import { claimedNow, staleBefore } from "@/lib/claims";
import { fragment, raw, sql } from "@/lib/db-sql";
import { importBodySchema } from "@/lib/service/import-body-schema";
import type { ImportBody } from "@/lib/service/import-rows";
import { readStoredJson } from "@/lib/stored-json";

export type ClaimedBatch = {
  id: string;
  submissionId: string;
  connectionId: string;
  body: ImportBody;
  attempts: number;
};

/** Chains of consecutive batches, one per connection (at most `connections` of them), each in
 *  the order the batches must reach the service. */
export async function claimChains(
  workerId: string,
  connections: number,
  chainLength: number,
  submissionId: string | null = null,
): Promise<ClaimedBatch[][]> {
  const claimed = await claimRound<ClaimedBatch>({
    heads: heads({
      due: fragment`ch.status = 'pending'
         AND (ch."nextAttemptAt" IS NULL OR ch."nextAttemptAt" <= now())
         AND k.status = 'active'`,
      // Batches of a connection that is not active wait.
      join: raw(`JOIN "Connection" AS k ON k.id = sub."connectionId"`),
      // Any earlier batch of the connection not yet sent holds the head back, whatever its submission.
      ahead: fragment`e.status IN ('pending', 'sending')`,
      order: raw(`sub."createdAt", ch.index`),
      connections,
      submissionId,
    }),
    behind: fragment`
      SELECT n.id
        FROM heads AS h
        CROSS JOIN LATERAL (
          -- The chain stops before the first batch that is not free to go now (backing off, or
          -- somehow being sent): bool_and over the batches in order.
          SELECT q.id, bool_and(q.free) OVER (ORDER BY q."createdAt", q.sid, q.index) AS clear
            FROM (
              SELECT ch.id, s2."createdAt", s2.id AS sid, ch.index,
                     ch.status = 'pending' AND (ch."nextAttemptAt" IS NULL OR ch."nextAttemptAt" <= now()) AS free
                FROM "SubmissionBatch" AS ch
                JOIN "Submission" AS s2 ON s2.id = ch."submissionId"
               WHERE s2."connectionId" = h."connectionId"
                 AND ch.status IN ('pending', 'sending')
                 AND (${submissionId}::uuid IS NULL OR ch."submissionId" = ${submissionId}::uuid)
                 AND (s2."createdAt", s2.id, ch.index) > (h."createdAt", h.sid, h.index)
               ORDER BY s2."createdAt", s2.id, ch.index
               LIMIT ${Math.max(0, chainLength - 1)}::int
            ) AS q
        ) AS n
       WHERE n.clear`,
    status: "pending",
    set: fragment`status = 'sending', "claimedAt" = ${claimedNow("outbox")}, "claimedBy" = ${workerId}, attempts = c.attempts + 1`,
    columns: ["body", "attempts"],
  });
  // The stored body is what goes to the service: parsed, as every JSON column is where it is read.
  // One that does not parse fails with the reason, and the chain goes on without it (as after any
  // failed batch); it never reaches the service.
  const ready: ClaimedBatch[] = [];
  const broken: { id: string; message: string }[] = [];
  for (const batch of claimed) {
    try {
      ready.push({ ...batch, body: readStoredJson(importBodySchema, batch.body, "SubmissionBatch.body") });
    } catch (error) {
      broken.push({ id: batch.id, message: error instanceof Error ? error.message : String(error) });
    }
  }
  if (broken.length > 0) {
    await sql`
      UPDATE "SubmissionBatch" AS b SET status = 'failed', "lastError" = t.message, "claimedBy" = NULL
        FROM unnest(${broken.map((b) => b.id)}::uuid[], ${broken.map((b) => b.message)}::text[]) AS t(id, message)
       WHERE b.id = t.id`;
  }
  return perConnection(ready);
}

export type DueBatch = {
  id: string;
  submissionId: string;
  connectionId: string;
  serviceImportId: string;
  serviceStatus: string | null;
};

/**
 * Sent batches to ask the service about, as runs per connection: the connection's oldest sent
 * import (when its last check is at least `intervalMs` old) and up to `runLength - 1` sent after
 * it, marked checked now. The service processes one organization's imports in order, so while
 * the oldest is unfinished so are the later ones: the follower asks them in order and stops at
 * the first unfinished one. With `submissionId`, only that submission's batches.
 */
export async function claimFollowRuns(
  connections: number,
  runLength: number,
  intervalMs: number,
  submissionId: string | null = null,
): Promise<DueBatch[][]> {
  const claimed = await claimRound<DueBatch>({
    heads: heads({
      due: fragment`ch.status = 'sent'
         AND (ch."checkedAt" IS NULL OR ch."checkedAt" < now() - ${intervalMs}::float8 * interval '1 millisecond')`,
      join: raw(""),
      // Only the submission's own sent batches count when following one submission.
      ahead: fragment`e.status = 'sent'
              AND (${submissionId}::uuid IS NULL OR e."submissionId" = ${submissionId}::uuid)`,
      order: raw(`ch."sentAt"`),
      connections,
      submissionId,
    }),
    behind: fragment`
      SELECT n.id
        FROM heads AS h
        CROSS JOIN LATERAL (
          SELECT ch.id
            FROM "SubmissionBatch" AS ch
            JOIN "Submission" AS s2 ON s2.id = ch."submissionId"
           WHERE s2."connectionId" = h."connectionId"
             AND ch.status = 'sent'
             AND (${submissionId}::uuid IS NULL OR ch."submissionId" = ${submissionId}::uuid)
             AND (s2."createdAt", s2.id, ch.index) > (h."createdAt", h.sid, h.index)
           ORDER BY s2."createdAt", s2.id, ch.index
           LIMIT ${Math.max(0, runLength - 1)}::int
        ) AS n`,
    status: "sent",
    set: fragment`"checkedAt" = now()`,
    columns: ["serviceImportId", "serviceStatus"],
  });
  return perConnection(claimed);
}

type Fragment = ReturnType<typeof fragment>;

/**
 * The heads of a round, one per connection (at most `connections`): a batch that is `due` with no
 * batch of its connection `ahead` of it in submission order, locked so that another claimer skips
 * it and so the whole chain or run behind it.
 */
function heads(p: {
  due: Fragment;
  join: ReturnType<typeof raw>;
  ahead: Fragment;
  order: ReturnType<typeof raw>;
  connections: number;
  submissionId: string | null;
}): Fragment {
  return fragment`
      SELECT ch.id, sub."connectionId", sub."createdAt", sub.id AS sid, ch.index
        FROM "SubmissionBatch" AS ch
        JOIN "Submission" AS sub ON sub.id = ch."submissionId"
        ${p.join}
       WHERE ${p.due}
         AND (${p.submissionId}::uuid IS NULL OR ch."submissionId" = ${p.submissionId}::uuid)
         AND NOT EXISTS (
           SELECT 1
             FROM "SubmissionBatch" AS e
             JOIN "Submission" AS es ON es.id = e."submissionId"
            WHERE es."connectionId" = sub."connectionId"
              AND ${p.ahead}
              AND (es."createdAt", es.id, e.index) < (sub."createdAt", sub.id, ch.index)
         )
       ORDER BY ${p.order}
       LIMIT ${p.connections}::int
       FOR UPDATE OF ch SKIP LOCKED`;
}

/**
 * The one shape of both claims: the heads and the batches `behind` them (still in `status`) are
 * marked (`set`) in one statement and come back per connection, in submission order, with their
 * `columns`.
 */
async function claimRound<T>(p: {
  heads: Fragment;
  behind: Fragment;
  status: "pending" | "sent";
  set: Fragment;
  columns: readonly string[];
}): Promise<T[]> {
  const returning = raw(p.columns.map((column) => `c."${column}"`).join(", "));
  const selected = raw(p.columns.map((column) => `"${column}"`).join(", "));
  return sql<T>`
    WITH heads AS (${p.heads}), behind AS (${p.behind})
    , claimed AS (
      UPDATE "SubmissionBatch" AS c
         SET ${p.set}
        FROM "Submission" AS s
       WHERE s.id = c."submissionId"
         AND c.status = ${raw(`'${p.status}'`)}
         AND c.id IN (SELECT id FROM heads UNION ALL SELECT id FROM behind)
      RETURNING c.id, c."submissionId", s."connectionId", ${returning}, s."createdAt", c.index
    )
    SELECT id, "submissionId", "connectionId", ${selected} FROM claimed
     ORDER BY "connectionId", "createdAt", "submissionId", index`;
}

/** Groups rows that come ordered by connection, then in submission order. */
function perConnection<T extends { connectionId: string }>(rows: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.connectionId) ?? [];
    group.push(row);
    groups.set(row.connectionId, group);
  }
  return [...groups.values()];
}

/** A stale claim belongs to a worker that stopped (crash, restart, kill): it goes back in line.
 *  `timeoutMs` stands in for OUTBOX_CLAIM_TIMEOUT_MS where a caller chooses (the tick's option). */
export async function reclaimStale(timeoutMs?: number): Promise<number> {
  const reclaimed = await sql<{ id: string }>`
    UPDATE "SubmissionBatch" SET status = 'pending', "claimedBy" = NULL
     WHERE status = 'sending' AND "claimedAt" < ${staleBefore("outbox", timeoutMs)}
    RETURNING id`;
  return reclaimed.length;
}
