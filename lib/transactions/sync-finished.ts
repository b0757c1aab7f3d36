// The "run finished" point of an organization's sync, for whatever acts on newly copied gifts
// (templates, lib/templates/after-sync.ts): a listener hears every complete run, whether the
// worker ran it (scheduled, continued) or a request did (page open, Refresh). It is called from the
// run's finish, after its last write committed and before the lease is released: no other run of
// the organization writes gifts while a listener reads them. Listeners live on globalThis: the dev
// server loads lib/ once for the routes and once for the worker, and both must reach the same
// listeners. A listener that fails is logged and never fails the sync: the copy is complete
// either way. This folder knows no listener: whoever acts on new gifts sits above it and listens.
import "server-only";
import { log } from "@/lib/log";
import type { SyncOutcome } from "./sync-run";
import { processSlot } from "@/lib/process-slot";

export type SyncFinished = { connectionId: string; outcome: SyncOutcome };
export type SyncFinishedListener = (event: SyncFinished) => Promise<void> | void;

const listeners = processSlot<Set<SyncFinishedListener>>("apportionSyncFinished");

/** Adds a listener; the function it returns removes it. */
export function onSyncFinished(listener: SyncFinishedListener): () => void {
  const all = listeners.getOrCreate(() => new Set());
  all.add(listener);
  return () => all.delete(listener);
}

/** Called once per complete run, after its last write committed, under the run's lease. */
export async function announceSyncFinished(event: SyncFinished): Promise<void> {
  for (const listener of listeners.get() ?? []) {
    try {
      await listener(event);
    } catch (error) {
      log.error("sync.finished_listener_failed", { connectionId: event.connectionId, error });
    }
  }
}
