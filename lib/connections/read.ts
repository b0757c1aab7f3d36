// The settings page's read of the signed-in admin's connection, scoped to it by construction.
import "server-only";
import { sqlRows } from "@/lib/db-sql";
import type { Connection } from "@/lib/generated/prisma/client";
import { type FailedBatch, failureOf } from "@/lib/submissions/failure";
import { findConnection } from "./store";
import { type ConnectionView, type EventView, toConnectionView } from "./view";

/** The audit trail beside a connection: its latest events and submissions. */
export type ConnectionHistory = { events: EventView[]; submissions: ConnectionView["submissions"] };

const EVENTS = 10;
const SUBMISSIONS = 5;

/**
 * The latest events and submissions (with how many of their rows the service dropped, and their
 * first failed batch: why a Failed one failed) in one statement. The health check reads this on
 * every call, while the service answers; as two Prisma model queries (one with a relation count)
 * it cost a few milliseconds of this machine's CPU, which the service's answer then waited for;
 * straight on the pool (sqlRows) it costs 0.4 ms less than through $queryRaw.
 */
export async function readConnectionHistory(connectionId: string): Promise<ConnectionHistory> {
  // Timestamps are stored as UTC without a zone: AT TIME ZONE 'UTC' makes the JSON say so.
  const [row] = await sqlRows<{ events: EventJson[]; submissions: SubmissionJson[] }>(
    `SELECT
      (SELECT coalesce(json_agg(e ORDER BY e."createdAt" DESC), '[]'::json) FROM (
         SELECT "id", "type", "detail", "createdAt" AT TIME ZONE 'UTC' AS "createdAt"
         FROM "ConnectionEvent" WHERE "connectionId" = $1::uuid
         ORDER BY "createdAt" DESC LIMIT $2::int) e) AS "events",
      (SELECT coalesce(json_agg(s ORDER BY s."createdAt" DESC), '[]'::json) FROM (
         SELECT s."id", s."status", s."verification", s."transactionCount", s."rowCount", s."createdAt" AT TIME ZONE 'UTC' AS "createdAt",
                (SELECT count(*) FROM "SubmissionRow" r
                 WHERE r."submissionId" = s."id" AND r."outcome" = 'dropped')::int AS "droppedCount",
                (SELECT coalesce(json_agg(b), '[]'::json) FROM (
                   SELECT "serviceImportId", "serviceStatus", "attempts" FROM "SubmissionBatch"
                   WHERE "submissionId" = s."id" AND "status" = 'failed' ORDER BY "index" LIMIT 1) b) AS "failed"
         FROM "Submission" s WHERE s."connectionId" = $1::uuid
         ORDER BY s."createdAt" DESC LIMIT $3::int) s) AS "submissions"`,
    [connectionId, EVENTS, SUBMISSIONS],
    "connection_history",
  );
  return {
    events: (row?.events ?? []).map((e) => ({ ...e, createdAt: new Date(e.createdAt) })),
    submissions: (row?.submissions ?? []).map((s) => ({
      id: s.id,
      status: s.status,
      verification: s.verification,
      transactionCount: s.transactionCount,
      rowCount: s.rowCount,
      droppedCount: s.droppedCount,
      failure: failureOf(s.failed),
      at: new Date(s.createdAt).toISOString(),
    })),
  };
}

type EventJson = Omit<EventView, "createdAt"> & { createdAt: string };
type SubmissionJson = Omit<ConnectionView["submissions"][number], "at" | "failure"> & {
  createdAt: string;
  failed: FailedBatch[];
};

export async function readConnectionView(connectionId: string): Promise<ConnectionView | null> {
  const [connection, history] = await Promise.all([findConnection(connectionId), readConnectionHistory(connectionId)]);
  if (!connection) return null;
  return toConnectionView(connection, history.events, history.submissions);
}

/** The view of a connection already read, with its history (read by the caller, perhaps earlier). */
export function connectionViewOf(connection: Connection, history: ConnectionHistory): ConnectionView {
  return toConnectionView(connection, history.events, history.submissions);
}
