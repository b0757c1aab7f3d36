// Writes a submission's batches and rows with one INSERT … SELECT FROM unnest(...) each: every
// column travels as one array parameter. Prisma's createMany took 43 s for 100,000 rows (a bulk
// allocation at its limit, bench/RESULTS.md); this takes a small fraction of that.
import "server-only";
import type { Tx } from "@/lib/db";
import type { ImportBody, ImportRow } from "@/lib/service/import-rows";

export type StoredBatch = {
  id: string;
  index: number;
  matchBy: string;
  body: ImportBody;
  rows: { row: ImportRow; transactionId: string }[];
};

export async function insertBatchesAndRows(
  tx: Tx,
  submissionId: string,
  batches: readonly StoredBatch[],
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "SubmissionBatch" ("id", "submissionId", "index", "matchBy", "body")
    SELECT t.id, ${submissionId}::uuid, t.idx, t.match_by, t.body::jsonb
    FROM unnest(
      ${batches.map((c) => c.id)}::uuid[],
      ${batches.map((c) => c.index)}::int[],
      ${batches.map((c) => c.matchBy)}::text[],
      ${batches.map((c) => JSON.stringify(c.body))}::text[]
    ) AS t(id, idx, match_by, body)`;

  const rows = batches.flatMap((batch) => batch.rows.map((r, rowIndex) => ({ ...r, batchId: batch.id, rowIndex })));
  const column = <T>(pick: (r: (typeof rows)[number]) => T): T[] => rows.map(pick);
  await tx.$executeRaw`
    INSERT INTO "SubmissionRow" (
      "id", "submissionId", "batchId", "rowIndex", "splitId", "transactionId", "unitAmountCents", "quantity",
      "campaign", "campaignId", "parentCampaign", "parentCampaignId", "fund", "fundId", "deleted"
    )
    SELECT gen_random_uuid(), ${submissionId}::uuid, t.*
    FROM unnest(
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
    ) AS t`;
}
