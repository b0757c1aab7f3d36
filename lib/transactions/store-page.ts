// Writes one page of the service's transactions into the app's copy with a single statement:
// INSERT ... SELECT FROM json_to_recordset(page) ON CONFLICT DO UPDATE. One round trip per page instead of
// one upsert per row is what keeps a 200,000-gift first sync close to the cost of paging alone.
import "server-only";
import { db } from "@/lib/db";
import type { ServiceTransaction } from "@/lib/service/transactions";

/** The statement for one page, to run alone or inside a transaction with the sync's state. */
export function storePage(connectionId: string, results: readonly ServiceTransaction[], syncedAt: Date) {
  // ON CONFLICT cannot touch one row twice in one statement: the last copy of an id wins.
  const byId = new Map(results.map((t) => [t.id, t]));
  // One JSON parameter rather than an array per column: the driver and Prisma then handle one
  // string instead of eleven arrays of up to 500 values each.
  const rows = JSON.stringify(
    [...byId.values()].map((t) => ({
      id: t.id,
      ext: t.external_id ?? null,
      amount: String(t.amount_in_cents),
      currency: (t.currency ?? "USD").toUpperCase(),
      occurred: (t.transaction_time ? new Date(t.transaction_time) : syncedAt).toISOString(),
      campaign: t.campaign ?? null,
      campaign_id: t.campaign_id ?? null,
      fund: t.fund ?? null,
      fund_id: t.fund_id ?? null,
      contact: t.contact_name ?? null,
      version: t.sync_version == null ? null : String(t.sync_version),
    })),
  );
  const synced = syncedAt.toISOString();
  // Timestamps travel as ISO strings and are read as UTC, the way Prisma stores TIMESTAMP(3).
  // A page newer in sync_version is never overwritten by an older one read late.
  return db().$executeRaw`
    INSERT INTO "KnownTransaction" AS k ("connectionId", "transactionId", "externalId", "amountCents", "currency",
      "occurredAt", "campaign", "campaignId", "fund", "fundId", "contactName", "syncedAt", "syncVersion", "searchText")
    SELECT ${connectionId}::uuid, t.id, t.ext, t.amount::bigint, t.currency, t.occurred::timestamptz AT TIME ZONE 'UTC',
      t.campaign, t.campaign_id, t.fund, t.fund_id, t.contact, ${synced}::timestamptz AT TIME ZONE 'UTC',
      t.version::bigint, lower(concat_ws(' ', t.contact, t.id, t.ext, t.campaign, t.fund))
    FROM json_to_recordset(${rows}::json) AS t(id text, ext text, amount text, currency text, occurred text,
      campaign text, campaign_id text, fund text, fund_id text, contact text, version text)
    ON CONFLICT ("connectionId", "transactionId") DO UPDATE SET
      "externalId" = EXCLUDED."externalId", "amountCents" = EXCLUDED."amountCents", "currency" = EXCLUDED."currency",
      "occurredAt" = EXCLUDED."occurredAt", "campaign" = EXCLUDED."campaign", "campaignId" = EXCLUDED."campaignId",
      "fund" = EXCLUDED."fund", "fundId" = EXCLUDED."fundId", "contactName" = EXCLUDED."contactName",
      "syncedAt" = EXCLUDED."syncedAt", "syncVersion" = EXCLUDED."syncVersion", "searchText" = EXCLUDED."searchText"
    WHERE k."syncVersion" IS NULL OR EXCLUDED."syncVersion" IS NULL OR EXCLUDED."syncVersion" >= k."syncVersion"`;
}
