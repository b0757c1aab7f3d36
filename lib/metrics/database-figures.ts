// Figures the metrics read from the database at scrape time, so that every process (web or
// worker) reports the same truth about shared state (outbox, sync lag, heartbeats, submissions,
// first copies). One statement each; a scrape that runs both
// outbox gauges reads the outbox once (the figures are kept for a second).
import "server-only";
import { sql } from "@/lib/db-sql";
import type { SubmissionStatus } from "@/lib/generated/prisma/client";
import type { VerificationState } from "@/lib/submissions/submission-state";

export type OutboxFigures = { byState: Record<"pending" | "sending" | "sent", number>; oldestWaitingSeconds: number };

let recent: { at: number; figures: Promise<OutboxFigures> } | undefined;

export function outboxFigures(): Promise<OutboxFigures> {
  if (recent && Date.now() - recent.at < 1_000) return recent.figures;
  const figures = readOutbox();
  recent = { at: Date.now(), figures };
  figures.catch(() => (recent = undefined));
  return figures;
}

async function readOutbox(): Promise<OutboxFigures> {
  const [row] = await sql<{ pending: number; sending: number; sent: number; oldest: number | null }>`
    SELECT count(*) FILTER (WHERE b.status = 'pending')::int AS pending,
           count(*) FILTER (WHERE b.status = 'sending')::int AS sending,
           count(*) FILTER (WHERE b.status = 'sent')::int AS sent,
           extract(epoch FROM now() - min(s."createdAt") FILTER (WHERE b.status IN ('pending', 'sending')))::float8 AS oldest
      FROM "SubmissionBatch" AS b
      JOIN "Submission" AS s ON s.id = b."submissionId"
     WHERE b.status IN ('pending', 'sending', 'sent')`;
  return {
    byState: { pending: row?.pending ?? 0, sending: row?.sending ?? 0, sent: row?.sent ?? 0 },
    oldestWaitingSeconds: Math.max(0, row?.oldest ?? 0),
  };
}

/** Each active connection's copy age in seconds. */
export async function syncLagSeconds(): Promise<number[]> {
  const rows = await sql<{ lag: number }>`
    SELECT greatest(0, extract(epoch FROM now() - coalesce(s."changesSince", k."createdAt")))::float8 AS lag
      FROM "Connection" AS k
      LEFT JOIN "TransactionSync" AS s ON s."connectionId" = k.id
     WHERE k.status = 'active'`;
  return rows.map((r) => r.lag);
}

export type HeartbeatFigures = { youngestAgeSeconds: number | null; live: number };

/** The freshest worker heartbeat's age, and how many workers beat within `liveWithinMs`. */
export async function heartbeatFigures(liveWithinMs: number): Promise<HeartbeatFigures> {
  const [row] = await sql<{ youngest: number | null; live: number }>`
    SELECT extract(epoch FROM now() - max("beatAt"))::float8 AS youngest,
           count(*) FILTER (WHERE "beatAt" >= now() - ${liveWithinMs}::float8 * interval '1 millisecond')::int AS live
      FROM "WorkerHeartbeat"`;
  return { youngestAgeSeconds: row?.youngest == null ? null : Math.max(0, row.youngest), live: row?.live ?? 0 };
}

export type SubmissionGroup = {
  status: SubmissionStatus;
  verification: VerificationState | null;
  connectionActive: boolean;
  count: number;
};

/** Submissions grouped by what their state is derived from (lib/submissions/submission-state.ts). */
export function submissionGroups(): Promise<SubmissionGroup[]> {
  return sql<SubmissionGroup>`
    SELECT s.status, s.verification, k.status = 'active' AS "connectionActive", count(*)::int AS count
      FROM "Submission" AS s
      JOIN "Connection" AS k ON k.id = s."connectionId"
     GROUP BY 1, 2, 3`;
}

/** Active organizations without a full copy yet: not begun, and with a run under way. */
export async function firstCopyFigures(): Promise<{ pending: number; inProgress: number }> {
  const [row] = await sql<{ pending: number; in_progress: number }>`
    SELECT count(*) FILTER (WHERE s.mode IS NULL)::int AS pending,
           count(*) FILTER (WHERE s.mode IS NOT NULL)::int AS in_progress
      FROM "Connection" AS k
      LEFT JOIN "TransactionSync" AS s ON s."connectionId" = k.id
     WHERE k.status = 'active' AND s."changesSince" IS NULL`;
  return { pending: row?.pending ?? 0, inProgress: row?.in_progress ?? 0 };
}
