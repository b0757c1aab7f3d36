// One sync per organization across every instance: the process that holds the lease on the
// organization's TransactionSync row is the only one paging the query API for it, like the
// refresh lease on Connection (lib/connections/refresh.ts). The lease is renewed after every
// page, so a process that stops loses it within SYNC_LEASE_MS and another one resumes the run.
import "server-only";
import { db } from "@/lib/db";

export const SYNC_LEASE_MS = 60_000;

export async function takeSyncLease(connectionId: string, owner: string): Promise<boolean> {
  // The row may not exist yet; two instances creating it at once must not fail.
  await db().transactionSync.createMany({ data: [{ connectionId }], skipDuplicates: true });
  const now = new Date();
  const taken = await db().transactionSync.updateMany({
    where: { connectionId, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }, { leaseOwner: owner }] },
    data: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + SYNC_LEASE_MS) },
  });
  return taken.count === 1;
}

/** False when the lease lapsed and another process took it: the caller must stop. */
export async function renewSyncLease(connectionId: string, owner: string): Promise<boolean> {
  const renewed = await db().transactionSync.updateMany({
    where: { connectionId, leaseOwner: owner },
    data: { leaseUntil: new Date(Date.now() + SYNC_LEASE_MS) },
  });
  return renewed.count === 1;
}

export async function releaseSyncLease(connectionId: string, owner: string): Promise<void> {
  await db().transactionSync.updateMany({
    where: { connectionId, leaseOwner: owner },
    data: { leaseOwner: null, leaseUntil: null },
  });
}
