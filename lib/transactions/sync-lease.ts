// One sync per organization across every instance: the process that holds the lease on the
// organization's TransactionSync row is the only one paging the query API for it, like the
// refresh lease on Connection (lib/connections/refresh.ts). Every stored batch renews it in the
// statement that records progress (store-page.ts), so a process that stops loses it within
// SYNC_LEASE_MS and another one resumes the run, and a batch of a lapsed lease is not stored.
import "server-only";
import { claimTimeoutMs, releaseClaim, type RowClaim, takeClaim } from "@/lib/claims";
import { db } from "@/lib/db";

export const SYNC_LEASE_MS = claimTimeoutMs("sync");

const SYNC_LEASE = { kind: "sync", table: "TransactionSync", owner: "leaseOwner", until: "leaseUntil" } as const;
const lease = (connectionId: string): RowClaim => ({
  ...SYNC_LEASE,
  key: { column: "connectionId", value: connectionId },
});

export async function takeSyncLease(connectionId: string, owner: string): Promise<boolean> {
  // The row may not exist yet; two instances creating it at once must not fail.
  await db().transactionSync.createMany({ data: [{ connectionId }], skipDuplicates: true });
  return (await takeClaim(lease(connectionId), owner, { renew: true })) !== null;
}

export async function releaseSyncLease(connectionId: string, owner: string): Promise<void> {
  await releaseClaim(lease(connectionId), [owner]);
}

/** Every sync lease `owner` holds, given back (a stopping worker's); how many. */
export function releaseSyncLeasesOf(owner: string): Promise<number> {
  return releaseClaim(SYNC_LEASE, [owner]);
}
