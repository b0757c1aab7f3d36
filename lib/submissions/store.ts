// Stores a submission in one statement: the submission, its batches and its rows, each table
// written with an INSERT … SELECT FROM unnest(...) (every column one array parameter) in data-
// modifying CTEs. No interactive transaction: one statement is atomic, and holds a pooled
// connection for one round trip instead of five (200 submissions at once waited seconds for the
// pool, bench/RESULTS.md, issue 10). Prisma's createMany took 43 s for 100,000 rows.
//
// ON CONFLICT on the idempotency key settles two identical requests racing each other: one
// statement inserts, the other inserts nothing (its batches and rows hang off the CTE's empty
// result) and returns no id; the caller then reads the winner.
import "server-only";
import { sql } from "@/lib/db-sql";
import type { ImportBody, ImportRow } from "@/lib/service/import-rows";

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
};

/** True when this call stored it; false when a submission with its idempotency key exists. */
export async function insertSubmission(submission: NewSubmission, batches: readonly StoredBatch[]): Promise<boolean> {
  const rows = batches.flatMap((batch) => batch.rows.map((r, rowIndex) => ({ ...r, batchId: batch.id, rowIndex })));
  const column = <T>(pick: (r: (typeof rows)[number]) => T): T[] => rows.map(pick);
  const inserted = await sql<{ id: string }>`
    WITH s AS (
      INSERT INTO "Submission" ("id", "connectionId", "idempotencyKey", "requestHash", "transactionCount", "rowCount", "updatedAt")
      VALUES (${submission.id}::uuid, ${submission.connectionId}::uuid, ${submission.idempotencyKey},
              ${submission.requestHash}, ${submission.transactionCount}::int, ${submission.rowCount}::int, now())
      ON CONFLICT ("connectionId", "idempotencyKey") DO NOTHING
      RETURNING id
    ), b AS (
      INSERT INTO "SubmissionBatch" ("id", "submissionId", "index", "matchBy", "body")
      SELECT t.id, s.id, t.idx, t.match_by, t.body::jsonb
      FROM s, unnest(
        ${batches.map((c) => c.id)}::uuid[],
        ${batches.map((c) => c.index)}::int[],
        ${batches.map((c) => c.matchBy)}::text[],
        ${batches.map((c) => JSON.stringify(c.body))}::text[]
      ) AS t(id, idx, match_by, body)
    ), r AS (
      INSERT INTO "SubmissionRow" (
        "id", "submissionId", "batchId", "rowIndex", "splitId", "transactionId", "unitAmountCents", "quantity",
        "campaign", "campaignId", "parentCampaign", "parentCampaignId", "fund", "fundId", "deleted"
      )
      SELECT gen_random_uuid(), s.id, t.*
      FROM s, unnest(
        ${column((r) => r.batchId)}::uuid[],
        ${column((r) => r.rowIndex)}::int[],
        ${column((r) => r.row.id)}::text[],
        ${column((r) => r.transactionId)}::text[],
        ${column((r) => String(r.row.unit_amount_in_cents))}::bigint[],
        ${column((r) => r.row.quantity)}::int[],
        ${column((r) => r.row.campaign ?? null)}::text[],
        ${column((r) => r.row.campaign_id ?? null)}::text[],
        ${column((r) => r.row.parent_campaign ?? null)}::text[],
        ${column((r) => r.row.parent_campaign_id ?? null)}::text[],
        ${column((r) => r.row.fund)}::text[],
        ${column((r) => r.row.fund_id ?? null)}::text[],
        ${column((r) => r.row.deleted_at !== undefined)}::boolean[]
      ) AS t
    )
    SELECT id FROM s`;
  return inserted.length > 0;
}
