// How far the copy of an organization's gifts is, for the list, the settings card and the
// not-copied message. Apart from sync.ts so that the reads do not import the sync that runs.
import "server-only";
import { db } from "@/lib/db";

export type SyncProgress = {
  /** A run is under way (or waiting for the worker). */
  running: boolean;
  /** No full copy has completed yet: the list holds only part of the organization. */
  firstCopy: boolean;
  copied: number;
  /** The service's count for the run, when it gave one ("about": gifts come and go meanwhile). */
  expected: number | null;
  lastError: string | null;
};

export async function syncProgress(connectionId: string): Promise<SyncProgress> {
  const sync = await db().transactionSync.findUnique({ where: { connectionId } });
  return {
    running: sync !== null && (sync.mode !== null || sync.requestedAt !== null),
    firstCopy: sync?.fullCompletedAt == null,
    copied: sync?.mode === "full" ? sync.copied : 0,
    expected: sync?.mode === "full" ? sync.expected : null,
    lastError: sync?.lastError ?? null,
  };
}
