// Brings the app's copy of an organization's transactions up to date by paging through the
// service's query API. Search, filters and paging then run in PostgreSQL: the service's API can
// neither search by text nor jump to a page.
import "server-only";
import { withServiceAccess } from "@/lib/connections/service-access";
import { db } from "@/lib/db";
import { queryTransactions, type ServiceTransaction } from "@/lib/service/transactions";

/** A sync stops after this many pages (50 each); the next one continues from scratch. */
const MAX_PAGES = 400;
/** A copy older than this is refreshed when the transactions page is opened. */
const STALE_AFTER_MS = 10 * 60 * 1000;

export function copyIsStale(syncedAt: Date | null, now = Date.now()): boolean {
  return !syncedAt || now - syncedAt.getTime() > STALE_AFTER_MS;
}

const running = new Map<string, Promise<number>>();

export function syncTransactions(connectionId: string): Promise<number> {
  const inFlight = running.get(connectionId);
  if (inFlight) return inFlight;
  const sync = syncOnce(connectionId).finally(() => running.delete(connectionId));
  running.set(connectionId, sync);
  return sync;
}

async function syncOnce(connectionId: string): Promise<number> {
  const startedAt = new Date();
  let queryToken: string | undefined;
  let count = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await withServiceAccess(connectionId, (token, target) =>
      queryTransactions(target, token, queryToken ? { queryToken } : { query: {} }),
    );
    await store(connectionId, answer.results, startedAt);
    count += answer.results.length;
    if (!answer.has_more || !answer.query_token) break;
    queryToken = answer.query_token;
  }
  await db().connection.update({ where: { id: connectionId }, data: { transactionsSyncedAt: startedAt } });
  return count;
}

async function store(connectionId: string, results: ServiceTransaction[], syncedAt: Date) {
  if (results.length === 0) return;
  await db().$transaction(
    results.map((t) => {
      const fields = {
        externalId: t.external_id ?? null,
        amountCents: BigInt(t.amount_in_cents),
        currency: (t.currency ?? "USD").toUpperCase(),
        occurredAt: t.transaction_time ? new Date(t.transaction_time) : syncedAt,
        campaign: t.campaign ?? null,
        campaignId: t.campaign_id ?? null,
        fund: t.fund ?? null,
        fundId: t.fund_id ?? null,
        contactName: t.contact_name ?? null,
        syncedAt,
      };
      return db().knownTransaction.upsert({
        where: { connectionId_transactionId: { connectionId, transactionId: t.id } },
        create: { connectionId, transactionId: t.id, ...fields },
        update: fields,
      });
    }),
  );
}
