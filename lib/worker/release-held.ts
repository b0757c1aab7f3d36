// What a stopping worker still holds once its deadline has passed, given back at once instead of
// after each claim's timeout: its outbox claims (batches back to pending; one whose import call
// was in flight is sent again, which the service takes as the same rows, stable split ids), its
// sync leases, its read-back claims, and the refresh leases this process holds.
import "server-only";
import { releaseRefreshLeasesHeld } from "@/lib/connections/refresh";
import { sql } from "@/lib/db-sql";
import { releaseSyncLeasesOf } from "@/lib/transactions/sync-lease";

export type Released = { batches: number; syncLeases: number; readBacks: number; refreshLeases: number };

export async function releaseHeld(workerId: string): Promise<Released> {
  const batches = await sql<{ id: string }>`
    UPDATE "SubmissionBatch" SET status = 'pending', "claimedBy" = NULL
     WHERE status = 'sending' AND "claimedBy" = ${workerId}
    RETURNING id`;
  const syncLeases = await releaseSyncLeasesOf(workerId);
  const readBacks = await sql<{ id: string }>`
    UPDATE "Submission" SET "verificationClaimedAt" = NULL, "verificationClaimedBy" = NULL
     WHERE "verificationClaimedBy" = ${workerId}
    RETURNING id`;
  const refreshLeases = await releaseRefreshLeasesHeld();
  return { batches: batches.length, syncLeases, readBacks: readBacks.length, refreshLeases };
}
