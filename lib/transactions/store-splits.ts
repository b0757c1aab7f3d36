// The sync's one write of KnownSplit: the splits the service shows for a batch's gifts that
// Apportion did not send (another application's, or made in the service's own screens), so that
// where the money is (Funds, the gifts list's filters) is where the service holds it. Run by
// storeBatch in the batch's transaction, after the gifts themselves (a split needs its gift's
// row). Totals kept per day, if they ever are, hook in here and in lib/outbox/record.ts, the two
// writers of KnownSplit.
//
// - Only gifts whose splits the answer showed are touched: a result without `splits` says
//   nothing about them (the service could not show them, or was not asked).
// - Apportion's own splits are left as lib/outbox/record.ts wrote them: a row it owns is never
//   updated here (the conflict's WHERE), and is not removed. A split Apportion sent that the
//   sync sees before its import is recorded is stored here first; recording takes the row over.
// - A split made elsewhere that the service no longer lists for a gift it showed is marked
//   deleted, as the service does (it keeps soft-deleted splits listed with deleted_at).
// - The service's split id is per application, and the query does not say whose a split is: a
//   split without an id, or with an id another split of the batch already has, is keyed
//   `(no id) <transaction id> #<n>`, n its place in its gift's list (1 for the first). The service
//   lists a gift's splits in the order they were made, so the key stays the same from sync to
//   sync; were it to change, the gift's rows are rewritten together and the sums stay right.
import "server-only";
import { raw, sql, type Statement, statement } from "@/lib/db-sql";
import { type ServiceTransaction, shownSplitOf } from "@/lib/service/transactions";
import { type Split, splitColumns, splitColumnsFromExcluded, splitColumnTypes } from "@/lib/splits/split";

/** Whether the copy may hold active splits made elsewhere among a run's gifts: while it holds none
 *  (asked when the run begins) and no batch has shown a split, a batch without one has nothing to
 *  store or mark deleted and writes nothing. Only the sync writes such rows, one run at a time. */
export type ElsewhereHeld = { held: boolean };

export async function elsewhereHeld(connectionId: string): Promise<ElsewhereHeld> {
  const [row] = await sql<{ held: boolean }>`
    SELECT EXISTS (SELECT 1 FROM "KnownSplit"
      WHERE "connectionId" = ${connectionId}::uuid AND "madeElsewhere" AND "deletedAt" IS NULL) AS held`;
  return { held: row?.held ?? true };
}

/** The key of a split the service shows without an id of its own (see above). */
export function derivedSplitKey(transactionId: string, position: number): string {
  return `(no id) ${transactionId} #${position}`;
}

/** A KnownSplit row to store: the split (its id the key above), its gift, when it was deleted. */
type SplitRow = Split & { transactionId: string; deletedAt: string | null };

/** The gifts of a batch whose splits were shown (the last copy of each, as the gifts' own rows)
 *  and their splits as rows, in key order: two batches written at once lock shared rows in the
 *  same order. */
function shownSplits(results: readonly ServiceTransaction[], syncedAt: Date) {
  const byId = new Map(results.map((t) => [t.id, t]));
  const gifts: string[] = [];
  const rows = new Map<string, SplitRow>();
  for (const t of byId.values()) {
    if (t.splits === undefined) continue;
    gifts.push(t.id);
    t.splits.forEach((s, i) => {
      const shown = shownSplitOf(s);
      const key = shown.splitId && !rows.has(shown.splitId) ? shown.splitId : derivedSplitKey(t.id, i + 1);
      const deleted = shown.deletedAt ? Date.parse(shown.deletedAt) : null;
      rows.set(key, {
        ...shown,
        splitId: key,
        transactionId: t.id,
        // A split always has a fund at the service; without one it is in the default, as a gift is.
        fund: shown.fund ?? "General",
        // A date the service wrote otherwise than ISO still means deleted: deleted now.
        deletedAt:
          deleted === null ? null : new Date(Number.isNaN(deleted) ? syncedAt.getTime() : deleted).toISOString(),
      });
    });
  }
  const sorted = [...rows.values()].sort((a, b) => (a.splitId < b.splitId ? -1 : a.splitId > b.splitId ? 1 : 0));
  return { gifts, rows: sorted };
}

/**
 * The statement that brings the batch's splits made elsewhere into the copy (one upsert from
 * json_to_recordset, one soft-delete of what is no longer listed), or null when no gift of the
 * batch came with its splits, or none did and the run knows nothing to mark deleted.
 */
export function storeSplitsMadeElsewhere(
  connectionId: string,
  results: readonly ServiceTransaction[],
  syncedAt: Date,
  elsewhere?: ElsewhereHeld,
): Statement | null {
  const { gifts, rows } = shownSplits(results, syncedAt);
  if (gifts.length === 0) return null;
  if (elsewhere) {
    if (rows.length === 0 && !elsewhere.held) return null;
    if (rows.length > 0) elsewhere.held = true;
  }
  const now = syncedAt.toISOString();
  // The soft-delete reads the table as it was before the upsert (one statement, one snapshot):
  // it skips the listed keys, so no row is changed twice.
  return statement`
    WITH page AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json)
        AS s(${raw(splitColumnTypes())}, "transactionId" text, "deletedAt" text)
    ), stored AS (
      INSERT INTO "KnownSplit" AS k ("connectionId", "transactionId", ${raw(splitColumns())}, "deletedAt", "updatedAt",
        "madeElsewhere")
      SELECT ${connectionId}::uuid, p."transactionId", ${raw(splitColumns("p"))},
        p."deletedAt"::timestamptz AT TIME ZONE 'UTC', ${now}::timestamptz AT TIME ZONE 'UTC', true
      FROM page AS p ORDER BY p."splitId"
      ON CONFLICT ("connectionId", "splitId") DO UPDATE SET
        "transactionId" = EXCLUDED."transactionId", ${raw(splitColumnsFromExcluded())},
        "deletedAt" = EXCLUDED."deletedAt", "updatedAt" = EXCLUDED."updatedAt"
      WHERE k."madeElsewhere"
    )
    UPDATE "KnownSplit" AS k SET "deletedAt" = ${now}::timestamptz AT TIME ZONE 'UTC', "updatedAt" = ${now}::timestamptz AT TIME ZONE 'UTC'
    WHERE k."connectionId" = ${connectionId}::uuid AND k."transactionId" = ANY(${gifts}::text[])
      AND k."madeElsewhere" AND k."deletedAt" IS NULL
      AND NOT EXISTS (SELECT 1 FROM page WHERE page."splitId" = k."splitId")`;
}
