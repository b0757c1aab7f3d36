// Records a finished import in one statement: the batch complete, every row's outcome (one
// UPDATE … FROM unnest), the splits the service now holds upserted into the known allocation and
// the removed ones marked deleted. One of the two writers of KnownSplit (the sync's is
// lib/transactions/store-splits.ts): a split it records is Apportion's, also when the sync saw it
// at the service first and stored it as made elsewhere. It was an UPDATE per row and an upsert per split in a
// transaction: 200 statements for a batch of 100 rows. The batch's own update is the fence:
// the rest happens only when it was still `sent`, so a second follower records nothing twice.
import "server-only";
import { fragment, join, raw, sql } from "@/lib/db-sql";
import { type Split, SPLIT_FIELDS, SPLIT_SQL_TYPES, splitColumns, splitColumnsFromExcluded } from "@/lib/splits/split";

/** A row as stored: the split's facts (amount as text: int8 comes back from pg as a string). */
export type StoredRow = Omit<Split, "unitAmountCents"> & {
  id: string;
  rowIndex: number;
  transactionId: string;
  unitAmountCents: string;
  deleted: boolean;
};

export async function batchRows(batchId: string): Promise<StoredRow[]> {
  return sql<StoredRow>`
    SELECT id, "rowIndex", "transactionId", ${raw(splitColumns())}, deleted
      FROM "SubmissionRow" WHERE "batchId" = ${batchId}::uuid ORDER BY "rowIndex"`;
}

/** One array parameter per field of the split, each cast to its column's type: `unnest`'s arguments. */
const splitArrays = (rows: readonly StoredRow[]) =>
  join(SPLIT_FIELDS.map((f) => fragment`${rows.map((r) => r[f])}::${raw(SPLIT_SQL_TYPES[f])}[]`));

export type RowOutcomeUpdate = {
  id: string;
  outcome: "imported" | "dropped";
  code: string | null;
  message: string | null;
};

export type BatchOutcome = {
  connectionId: string;
  batchId: string;
  serviceStatus: string;
  lastError: string | null;
  outcomes: readonly RowOutcomeUpdate[];
  /** Imported rows that set a split (at most one per split id). */
  kept: readonly StoredRow[];
  /** Split ids an imported row removed. */
  removed: readonly string[];
};

/** False when the batch was no longer `sent` (someone else recorded it). */
export async function recordBatchOutcome(o: BatchOutcome): Promise<boolean> {
  const k = o.kept;
  const [done] = await sql<{ n: number }>`
    WITH b AS (
      UPDATE "SubmissionBatch"
         SET status = 'complete', "serviceStatus" = ${o.serviceStatus}, "checkedAt" = now(), "completedAt" = now(),
             "lastError" = ${o.lastError}
       WHERE id = ${o.batchId}::uuid AND status = 'sent'
      RETURNING id
    ), r AS (
      UPDATE "SubmissionRow" AS row
         SET outcome = u.outcome::"RowOutcome", "dropCode" = u.code, "dropMessage" = u.message
        FROM b, unnest(
          ${o.outcomes.map((u) => u.id)}::uuid[],
          ${o.outcomes.map((u) => u.outcome)}::text[],
          ${o.outcomes.map((u) => u.code)}::text[],
          ${o.outcomes.map((u) => u.message)}::text[]
        ) AS u(id, outcome, code, message)
       WHERE row.id = u.id AND row."batchId" = b.id
    ), kept AS (
      INSERT INTO "KnownSplit" ("connectionId", "transactionId", ${raw(splitColumns())}, "deletedAt", "updatedAt")
      SELECT ${o.connectionId}::uuid, u."transactionId", ${raw(splitColumns("u"))}, NULL::timestamp, now()
        FROM b, unnest(${k.map((r) => r.transactionId)}::text[], ${splitArrays(k)})
          AS u("transactionId", ${raw(splitColumns())})
      ON CONFLICT ("connectionId", "splitId") DO UPDATE
         SET "transactionId" = EXCLUDED."transactionId", ${raw(splitColumnsFromExcluded())}, "deletedAt" = NULL,
             "updatedAt" = now(), "madeElsewhere" = false
    ), removed AS (
      UPDATE "KnownSplit" AS ks SET "deletedAt" = now(), "updatedAt" = now(), "madeElsewhere" = false
        FROM b
       WHERE ks."connectionId" = ${o.connectionId}::uuid AND ks."splitId" = ANY(${[...o.removed]}::text[])
    )
    SELECT count(*)::int AS n FROM b`;
  return !!done && done.n > 0;
}
