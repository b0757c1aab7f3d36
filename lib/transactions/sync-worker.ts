// The worker's share of the transactions sync: runs that a request started and left unfinished
// (a first copy of a large organization takes minutes), or that a stopped process left behind.
// Any number of workers may run: the lease keeps one per organization.
import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { runSync } from "./sync-run";

/** A run yields its lease this often, so a worker also serves other organizations. */
const RUN_BUDGET_MS = 30_000;
/** After a failure the worker leaves an organization alone this long. */
const RETRY_AFTER_MS = 30_000;

const retryAt = new Map<string, number>();

/** One round: continues each due sync for up to RUN_BUDGET_MS. True when it did anything. */
export async function syncDueOnce(workerId: string, shouldStop: () => boolean): Promise<boolean> {
  const now = new Date();
  const due = await db().transactionSync.findMany({
    where: {
      OR: [{ mode: { not: null } }, { requestedAt: { not: null } }],
      AND: [{ OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] }],
      connection: { status: "active" },
    },
    select: { connectionId: true },
    orderBy: { updatedAt: "asc" },
    take: 10,
  });
  let worked = false;
  for (const { connectionId } of due) {
    if (shouldStop()) break;
    if ((retryAt.get(connectionId) ?? 0) > Date.now()) continue;
    worked = true;
    try {
      await runSync(connectionId, workerId, { budgetMs: RUN_BUDGET_MS, shouldStop });
      retryAt.delete(connectionId);
    } catch (error) {
      retryAt.set(connectionId, Date.now() + RETRY_AFTER_MS);
      log.warn("sync.run_failed", { workerId, connectionId, error });
    }
  }
  return worked;
}
