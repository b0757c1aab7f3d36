// Stores a submission in one statement: the submission, its batches (INSERT … SELECT FROM
// unnest(...), every column one array parameter) and its rows (one JSON array of the typed rows,
// the split's fields by name) in data-modifying CTEs. No interactive transaction: one statement is
// atomic, and holds a pooled connection for one round trip instead of five (200 submissions at
// once waited seconds for the pool, bench/RESULTS.md, "Load and rows, before and after side by
// side"). Prisma's createMany took 43 s for 100,000 rows.
//
// ON CONFLICT on the idempotency key settles two identical requests racing each other: one
// statement inserts, the other inserts nothing (its batches and rows hang off the CTE's empty
// result) and returns no id; the caller then reads the winner.
import "server-only";
import { type fragment, raw, sql } from "@/lib/db-sql";
import { type ImportBody, type ImportRow, sentRowOf } from "@/lib/service/import-rows";
import { type Split, splitColumns, splitColumnTypes } from "@/lib/splits/split";
import type { SnapshotHolding } from "./moves";

export type StoredBatch = {
  id: string;
  index: number;
  matchBy: string;
  body: ImportBody;
  rows: { row: ImportRow; transactionId: string }[];
};

export type NewSubmission = {
  id: string;
  connectionId: string;
  idempotencyKey: string;
  requestHash: string;
  transactionCount: number;
  rowCount: number;
  reason: string | null;
};

/** A gift as the admin saw it (lib/submissions/snapshot.ts). */
export type GiftSnapshot = {
  transactionId: string;
  externalId: string | null;
  contactName: string | null;
  amountCents: bigint;
  currency: string;
  /** As the copy stores it (UTC, without a zone). */
  occurredAt: string;
  before: SnapshotHolding[];
  after: SnapshotHolding[];
  movedCents: number;
};

/** A SubmissionRow as stored here: the split as sent, where it sits in its batch, and its gift. */
type NewRow = Split & { batchIndex: number; rowIndex: number; transactionId: string; deleted: boolean };

/** Every batch's rows in the app's names (the service's are mapped back in lib/service), in the
 *  order of the batch's body. */
function newRows(batches: readonly StoredBatch[]): NewRow[] {
  return batches.flatMap((b) =>
    b.rows.map(({ row, transactionId }, rowIndex): NewRow => ({
      ...sentRowOf(row),
      batchIndex: b.index,
      rowIndex,
      transactionId,
    })),
  );
}

/** A boolean SQL expression read in the storing statement itself: false stores nothing. What acts
 *  by itself (lib/templates/auto-send.ts) re-checks the admin's latest decision there, locking the
 *  rows it reads, so a change committed first is seen and one committed after waits for it. */
export type StoreGuard = ReturnType<typeof fragment>;

/** "stored" when this call stored it; "exists" when a submission with its idempotency key does;
 *  "refused" when the guard said no. */
export async function insertSubmission(
  submission: NewSubmission,
  batches: readonly StoredBatch[],
  gifts: readonly GiftSnapshot[],
  guard?: StoreGuard,
): Promise<"stored" | "exists" | "refused"> {
  const bodies = batches.map((c) => JSON.stringify(c.body));
  // Every row in one JSON array, read by json_to_recordset, instead of fifteen arrays of every row.
  // json, not jsonb: read once, it needs no binary form (100,000 rows: 5.4 s → 4.6 s in submit).
  const rows = JSON.stringify(newRows(batches));
  // One JSON array of the gifts' snapshots; amounts as text so that no cent is lost.
  const giftsJson = JSON.stringify(gifts.map((g) => ({ ...g, amountCents: g.amountCents.toString() })));
  const [inserted] = await sql<{ id: string | null; allowed: boolean }>`
    WITH allowed AS (SELECT (${guard ?? raw("true")})::boolean AS ok), s AS (
      INSERT INTO "Submission" ("id", "connectionId", "idempotencyKey", "requestHash", "transactionCount", "rowCount", "reason", "updatedAt")
      SELECT ${submission.id}::uuid, ${submission.connectionId}::uuid, ${submission.idempotencyKey},
              ${submission.requestHash}, ${submission.transactionCount}::int, ${submission.rowCount}::int,
              ${submission.reason}, now()
       WHERE (SELECT ok FROM allowed)
      ON CONFLICT ("connectionId", "idempotencyKey") DO NOTHING
      RETURNING id
    ), b AS (
      INSERT INTO "SubmissionBatch" ("id", "submissionId", "index", "matchBy", "body")
      SELECT t.id, s.id, t.idx, t.match_by, t.body::jsonb
      FROM s, unnest(
        ${batches.map((c) => c.id)}::uuid[],
        ${batches.map((c) => c.index)}::int[],
        ${batches.map((c) => c.matchBy)}::text[],
        ${bodies}::text[]
      ) AS t(id, idx, match_by, body)
      RETURNING id, "submissionId", index
    ), r AS (
      INSERT INTO "SubmissionRow" ("id", "submissionId", "batchId", "rowIndex", "transactionId", ${raw(splitColumns())}, "deleted")
      SELECT gen_random_uuid(), b."submissionId", b.id, e."rowIndex", e."transactionId", ${raw(splitColumns("e"))}, e.deleted
        FROM b JOIN json_to_recordset(${rows}::json)
          AS e("batchIndex" int, "rowIndex" int, "transactionId" text, ${raw(splitColumnTypes())}, deleted boolean)
          ON e."batchIndex" = b.index
    ), g AS (
      INSERT INTO "SubmissionGift" (
        "id", "submissionId", "transactionId", "externalId", "contactName", "amountCents", "currency",
        "occurredAt", "before", "after", "movedCents"
      )
      SELECT gen_random_uuid(), s.id, t.gift->>'transactionId', t.gift->>'externalId', t.gift->>'contactName',
             (t.gift->>'amountCents')::bigint, t.gift->>'currency', (t.gift->>'occurredAt')::timestamp,
             t.gift->'before', t.gift->'after', (t.gift->>'movedCents')::bigint
        FROM s, jsonb_array_elements(${giftsJson}::jsonb) AS t(gift)
    )
    SELECT (SELECT id FROM s) AS id, (SELECT ok FROM allowed) AS allowed`;
  if (inserted?.id) return "stored";
  return inserted?.allowed === false ? "refused" : "exists";
}
