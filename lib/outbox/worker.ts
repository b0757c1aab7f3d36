// The outbox worker: sends claimed batches and follows sent imports until they are final, and
// continues transactions syncs left unfinished (lib/transactions/sync-worker.ts). It runs
// inside the web server (instrumentation.ts), so `npm run dev` and `npm start` need nothing else,
// and as `npm run worker` for deployments that want it apart. Any number of them may run on one
// database: claims use FOR UPDATE SKIP LOCKED, and a crashed worker's claims are reclaimed.
import "server-only";
import { randomUUID } from "node:crypto";
import { log } from "@/lib/log";
import { sendAutomaticOnce } from "@/lib/templates/auto-send";
import { syncDueOnce } from "@/lib/transactions/sync-worker";
import { tick } from "./tick";

export type Worker = { id: string; stop: () => Promise<void> };

export function startWorker(
  options: { id?: string; pollMs?: number; perRound?: number; staleMs?: number } = {},
): Worker {
  const id = options.id ?? `worker-${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? 500;
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      let busy = false;
      try {
        busy = await tick({ workerId: id, perRound: options.perRound, staleMs: options.staleMs });
      } catch (error) {
        log.error("worker.tick_failed", { workerId: id, error });
      }
      try {
        // Templates set to "Send automatically": their new gifts become submissions here, which
        // the next tick sends and reads back (lib/templates/auto-send.ts).
        busy = (await sendAutomaticOnce(id)) || busy;
      } catch (error) {
        log.error("worker.templates_failed", { workerId: id, error });
      }
      if (!busy && !stopped) await new Promise<void>((resolve) => ((wake = resolve), setTimeout(resolve, pollMs)));
    }
  })();
  // Transactions syncs run in a loop of their own: a first copy takes minutes and must not hold
  // up sending submissions.
  let wakeSync: (() => void) | undefined;
  const syncLoop = (async () => {
    while (!stopped) {
      let busy = false;
      try {
        busy = await syncDueOnce(id, () => stopped);
      } catch (error) {
        log.error("worker.sync_tick_failed", { workerId: id, error });
      }
      if (!busy && !stopped) await new Promise<void>((resolve) => ((wakeSync = resolve), setTimeout(resolve, pollMs)));
    }
  })();
  log.info("worker.started", { workerId: id });
  return {
    id,
    stop: async () => {
      stopped = true;
      wake?.();
      wakeSync?.();
      await Promise.all([loop, syncLoop]);
    },
  };
}
