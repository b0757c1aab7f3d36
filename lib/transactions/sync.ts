// Brings the app's copy of an organization's transactions up to date through the service's query
// API (the API can neither search by text nor jump to a page, so search, filters and paging run
// in PostgreSQL). The first copy of a large organization runs in the worker (sync-worker.ts),
// resumable, with its progress shown; later runs ask only for changes (sync-run.ts). A page open
// or the Refresh button gives it a few seconds in the foreground, which is enough for a small
// organization or a changes run; whatever is left is finished by the worker.
import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { runSync, type SyncOutcome } from "./sync-run";

/** A copy older than this is refreshed when the transactions page is opened. */
const STALE_AFTER_MS = 10 * 60 * 1000;
/** How long a request waits for the sync before answering with what is copied so far. */
export const FOREGROUND_BUDGET_MS = 2_500;

export function copyIsStale(syncedAt: Date | null, now = Date.now()): boolean {
  return !syncedAt || now - syncedAt.getTime() > STALE_AFTER_MS;
}

/** This process's name as a lease owner; each call gets its own so that two calls in one process
 *  are kept apart by the lease as well. */
function owner(): string {
  return `web-${process.pid}-${randomUUID().slice(0, 8)}`;
}

/**
 * Syncs an organization. With a budget, stops after it (the worker finishes the run) and asks
 * the worker to; without, runs to the end. "busy": another process holds the lease.
 */
export async function syncTransactions(
  connectionId: string,
  options: { budgetMs?: number } = {},
): Promise<SyncOutcome> {
  if (options.budgetMs !== undefined) await requestSync(connectionId);
  return runSync(connectionId, owner(), { budgetMs: options.budgetMs });
}

/** Marks the organization as wanting a sync: the worker picks it up. */
export async function requestSync(connectionId: string): Promise<void> {
  await db().transactionSync.createMany({ data: [{ connectionId }], skipDuplicates: true });
  await db().transactionSync.updateMany({
    where: { connectionId, requestedAt: null },
    data: { requestedAt: new Date() },
  });
}
