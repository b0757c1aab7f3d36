// Templates meet the gifts every complete sync run copied: a listener of the sync's "run finished"
// point (lib/transactions/sync-finished.ts), which fires in the run's finish, under its lease. The
// sync knows nothing of templates; each process that syncs (the web server, instrumentation.ts;
// every worker, lib/worker/worker.ts) starts listening once before its first run.
import "server-only";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/process-slot";
import { onSyncFinished } from "@/lib/transactions/sync-finished";
import { proposeForNewGifts } from "./match";

/** The listener of this process, once however many copies of this module call. */
const listening = processSlot<() => void>("apportionTemplatesAfterSync");

/** From now on in this process, every complete sync run proposes templates to its new gifts. */
export function matchTemplatesAfterSync(): void {
  listening.getOrCreate(() => onSyncFinished(({ connectionId }) => newGiftsMeetTemplates(connectionId)));
}

/** A failure here never fails the sync: the look is not moved on, so the next run proposes them
 *  (docs/architecture.md, Templates). */
async function newGiftsMeetTemplates(connectionId: string): Promise<void> {
  try {
    const outcome = await proposeForNewGifts(connectionId);
    if (outcome.proposed > 0) log.info("templates.proposed", { connectionId, ...outcome });
  } catch (error) {
    log.warn("templates.match_failed", { connectionId, error });
  }
}
