// Figures the metrics read from the database at scrape time, so that every process (web or
// worker) reports the same truth about shared state. One statement each; a scrape that runs both
// outbox gauges reads the outbox once (the figures are kept for a second).
import "server-only";
import { sql } from "@/lib/db-sql";

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
