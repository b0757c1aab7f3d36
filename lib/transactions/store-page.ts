// Writes one page of the service's transactions into the app's copy with a single statement:
// INSERT ... SELECT FROM unnest(arrays) ON CONFLICT DO UPDATE. One round trip per page instead of
// one upsert per row is what keeps a 200,000-gift first sync close to the cost of paging alone.
import "server-only";
import { db } from "@/lib/db";
import type { ServiceTransaction } from "@/lib/service/transactions";

/** The statement for one page, to run alone or inside a transaction with the sync's state. */
export function storePage(connectionId: string, results: readonly ServiceTransaction[], syncedAt: Date) {
  // ON CONFLICT cannot touch one row twice in one statement: the last copy of an id wins.
  const byId = new Map(results.map((t) => [t.id, t]));
  const rows = [...byId.values()];
  const column = <T>(pick: (t: ServiceTransaction) => T) => rows.map(pick);
  const synced = syncedAt.toISOString();
  // Timestamps travel as ISO strings and are read as UTC, the way Prisma stores TIMESTAMP(3).
  // A page newer in sync_version is never overwritten by an older one read late.
  return db().$executeRaw`
    INSERT INTO "KnownTransaction" AS k ("connectionId", "transactionId", "externalId", "amountCents", "currency",
      "occurredAt", "campaign", "campaignId", "fund", "fundId", "contactName", "syncedAt", "syncVersion", "searchText")
    SELECT ${connectionId}::uuid, t.id, t.ext, t.amount, t.currency, t.occurred::timestamptz AT TIME ZONE 'UTC',
      t.campaign, t.campaign_id, t.fund, t.fund_id, t.contact, ${synced}::timestamptz AT TIME ZONE 'UTC', t.version,
      lower(concat_ws(' ', t.contact, t.id, t.ext, t.campaign, t.fund))
    FROM unnest(
      ${column((t) => t.id)}::text[],
      ${column((t) => t.external_id ?? null)}::text[],
      ${column((t) => String(t.amount_in_cents))}::bigint[],
      ${column((t) => (t.currency ?? "USD").toUpperCase())}::text[],
      ${column((t) => (t.transaction_time ? new Date(t.transaction_time) : syncedAt).toISOString())}::text[],
      ${column((t) => t.campaign ?? null)}::text[],
      ${column((t) => t.campaign_id ?? null)}::text[],
      ${column((t) => t.fund ?? null)}::text[],
      ${column((t) => t.fund_id ?? null)}::text[],
      ${column((t) => t.contact_name ?? null)}::text[],
      ${column((t) => (t.sync_version == null ? null : String(t.sync_version)))}::bigint[]
    ) AS t(id, ext, amount, currency, occurred, campaign, campaign_id, fund, fund_id, contact, version)
    ON CONFLICT ("connectionId", "transactionId") DO UPDATE SET
      "externalId" = EXCLUDED."externalId", "amountCents" = EXCLUDED."amountCents", "currency" = EXCLUDED."currency",
      "occurredAt" = EXCLUDED."occurredAt", "campaign" = EXCLUDED."campaign", "campaignId" = EXCLUDED."campaignId",
      "fund" = EXCLUDED."fund", "fundId" = EXCLUDED."fundId", "contactName" = EXCLUDED."contactName",
      "syncedAt" = EXCLUDED."syncedAt", "syncVersion" = EXCLUDED."syncVersion", "searchText" = EXCLUDED."searchText"
    WHERE k."syncVersion" IS NULL OR EXCLUDED."syncVersion" IS NULL OR EXCLUDED."syncVersion" >= k."syncVersion"`;
}
