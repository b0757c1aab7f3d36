// Which organizations the worker's sync loop serves next, and in what order. An organization is
// due when a run of it is unfinished or was asked for (page open, Refresh), when it has no
// complete copy yet (just connected: its first copy), or when its scheduled changes-only sync
// comes round (every SYNC_INTERVAL_MS, nobody looking).
//
// Spread: each organization has its own phase within the interval (a hash of its id), and is due
// when a boundary of its own grid has passed since its last complete run began. A thousand
// organizations connected at once therefore fire over the whole interval, not together, and stay
// spread however their runs happened to fall (a run at a page open moves nothing). A run less
// than half an interval old is never repeated, so a page open just before the boundary is not
// followed by a second run at once.
//
// Fair: short work first. A run not begun yet (a changes run, or a first copy's first turn)
// comes before a full run that has had a turn in the last two rounds; among equals the one served
// longest ago goes first (updatedAt moves with every stored batch). A first copy of hours thus
// gets turns, round after round, while a small organization's sync waits at most for one slot to
// end its turn (SYNC_TURN_MS), never for the copy.
//
// Across instances: only organizations whose lease is free are returned; two instances picking
// the same one are kept apart by the lease itself (the loser's run answers "busy" at once).
import "server-only";
import { sql } from "@/lib/db-sql";

export type DueOptions = {
  /** At most this many. */
  limit: number;
  intervalMs: number;
  turnMs: number;
  /** Organizations this process has in hand, or leaves alone for now (after a failure). */
  skip: readonly string[];
};

export async function dueSyncs(options: DueOptions): Promise<string[]> {
  if (options.limit <= 0) return [];
  const rows = await sql<{ connectionId: string }>`
    SELECT k.id AS "connectionId"
      FROM "Connection" AS k
      LEFT JOIN "TransactionSync" AS s ON s."connectionId" = k.id
     WHERE k.status = 'active'
       AND NOT (k.id = ANY(${options.skip}::uuid[]))
       AND (s."leaseUntil" IS NULL OR s."leaseUntil" < now())
       AND (
         s."connectionId" IS NULL
         OR s.mode IS NOT NULL
         OR s."requestedAt" IS NOT NULL
         OR s."changesSince" IS NULL
         OR (
           s."changesSince" < now() - ${options.intervalMs / 2}::float8 * interval '1 millisecond'
           AND floor((extract(epoch FROM now()) * 1000 + (hashtext(k.id::text)::bigint + 2147483648) % ${options.intervalMs}::bigint) / ${options.intervalMs}::float8)
             > floor((extract(epoch FROM s."changesSince") * 1000 + (hashtext(k.id::text)::bigint + 2147483648) % ${options.intervalMs}::bigint) / ${options.intervalMs}::float8)
         )
       )
     ORDER BY (s.mode = 'full' AND s."updatedAt" > now() - ${2 * options.turnMs}::float8 * interval '1 millisecond') IS TRUE,
              coalesce(s."updatedAt", k."createdAt")
     LIMIT ${options.limit}::int`;
  return rows.map((r) => r.connectionId);
}
