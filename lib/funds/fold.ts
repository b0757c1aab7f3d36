// The worker's "funds" loop: keeps each organization's per-day totals (FundsDayTotal) equal to its
// copy. Writers never touch the totals: triggers on the copy append the days a statement changed
// to FundsDirtyDay in the writer's own transaction (migration 20261128090000_funds_day_totals).
// A fold takes a connection's dirty rows off, then recomputes those days from the copy and
// replaces their totals, in one transaction:
//  - a writer that committed before the rows were taken off is seen by the recompute (a later
//    statement, so a later snapshot);
//  - one that commits after left its own row, which the take-off did not see: the day stays dirty
//    and is folded again.
// So at every commit a day is either dirty or equal to its recount, and the page (held.ts) counts
// the dirty ones from the copy. Folds of one connection take turns (an advisory lock, tried, not
// waited for): two of them could otherwise write one day's totals from different snapshots, the
// older last. The first fold of a connection builds every day and marks the totals built.
import "server-only";
import type pg from "pg";
import { inTransaction, sql, statement } from "@/lib/db-sql";
import { placesByDay } from "./day-places";

export type FoldReport = { connectionId: string; days: number | "all" };

/** Folds one connection's dirty days (or builds its totals); null when another fold holds it. */
export async function foldFundsTotals(connectionId: string): Promise<FoldReport | null> {
  return inTransaction(async (client) => {
    const lock = await client.query<{ ok: boolean }>(
      statement`SELECT pg_try_advisory_xact_lock(hashtextextended(${`apportion.funds:${connectionId}`}, 0)) AS ok`,
    );
    if (!lock.rows[0]?.ok) return null;
    const state = await client.query<{ connection: boolean; built: boolean }>(statement`
      SELECT EXISTS (SELECT 1 FROM "Connection" WHERE id = ${connectionId}::uuid) AS connection,
             EXISTS (SELECT 1 FROM "FundsTotalsState" WHERE "connectionId" = ${connectionId}::uuid) AS built`);
    const { connection, built } = state.rows[0]!;
    const taken = await client.query<{ day: string }>(statement`
      DELETE FROM "FundsDirtyDay" WHERE "connectionId" = ${connectionId}::uuid RETURNING day::text AS day`);
    // A connection that is gone: its totals went with it; its dirty rows are dropped above.
    if (!connection) return { connectionId, days: 0 };
    if (!built) {
      await build(client, connectionId);
      return { connectionId, days: "all" };
    }
    const days = [...new Set(taken.rows.map((r) => r.day))].sort();
    if (days.length === 0) return { connectionId, days: 0 };
    await client.query(statement`
      DELETE FROM "FundsDayTotal" WHERE "connectionId" = ${connectionId}::uuid AND day = ANY(${days}::date[])`);
    await client.query(insertPlaces(connectionId, days));
    return { connectionId, days: days.length };
  });
}

async function build(client: pg.PoolClient, connectionId: string): Promise<void> {
  await client.query(statement`DELETE FROM "FundsDayTotal" WHERE "connectionId" = ${connectionId}::uuid`);
  // Enough memory to group every gift of a large organization without spilling to disk.
  await client.query("SET LOCAL work_mem TO '64MB'");
  await client.query(insertPlaces(connectionId, "all"));
  await client.query(statement`
    INSERT INTO "FundsTotalsState" ("connectionId") VALUES (${connectionId}::uuid)
    ON CONFLICT ("connectionId") DO UPDATE SET "builtAt" = EXCLUDED."builtAt"`);
}

function insertPlaces(connectionId: string, days: readonly string[] | "all") {
  return statement`
    INSERT INTO "FundsDayTotal" ("connectionId", day, kind, currency, key, campaign, "campaignId", cents, "giftCents", gifts)
    SELECT ${connectionId}::uuid, day::date, kind, currency, key, campaign, "campaignId", cents::bigint,
           "giftCents"::bigint, gifts::int
    FROM (${placesByDay(connectionId, days)}) AS places`;
}

/** Connections a fold turn looks at: with dirty days (the longest waiting first, so a connection
 *  its sync keeps dirtying does not starve the others), or never built. At most `limit` of each. */
async function dueConnections(limit: number): Promise<string[]> {
  const rows = await sql<{ connectionId: string }>`
    (SELECT "connectionId" FROM "FundsDirtyDay" GROUP BY "connectionId" ORDER BY min(id) LIMIT ${limit})
    UNION
    (SELECT c.id FROM "Connection" c
      WHERE NOT EXISTS (SELECT 1 FROM "FundsTotalsState" s WHERE s."connectionId" = c.id) LIMIT ${limit})`;
  return rows.map((r) => r.connectionId);
}

/** One turn of the worker's "funds" loop: folds what is due; whether anything was folded. */
export async function foldFundsTurn({
  perTurn = 20,
  shouldStop = () => false,
}: { perTurn?: number; shouldStop?: () => boolean } = {}): Promise<boolean> {
  let folded = false;
  for (const connectionId of await dueConnections(perTurn)) {
    if (shouldStop()) break;
    const report = await foldFundsTotals(connectionId);
    if (report && report.days !== 0) folded = true;
  }
  return folded;
}
