// The outbox worker: sends claimed chunks and follows sent imports until they are final, and
// continues transactions syncs left unfinished (lib/transactions/sync-worker.ts). It runs
// inside the web server (instrumentation.ts), so `npm run dev` and `npm start` need nothing else,
// and as `npm run worker` for deployments that want it apart. Any number of them may run on one
// database: claims use FOR UPDATE SKIP LOCKED, and a crashed worker's claims are reclaimed.
import "server-only";
import { randomUUID } from "node:crypto";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { syncDueOnce } from "@/lib/transactions/sync-worker";
import { claimChunks, claimDueChecks, reclaimStale } from "./outbox";
import { sendClaimed } from "./send";
import { updateSubmissionStatus } from "./submission-status";
import { CHECK_INTERVAL_MS, checkChunk } from "./track";

const SEND_ROUNDS = 20;

export type Worker = { id: string; stop: () => Promise<void> };

export function startWorker(options: { id?: string; pollMs?: number; batch?: number; staleMs?: number } = {}): Worker {
  const id = options.id ?? `worker-${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? 500;
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      let busy = false;
      try {
        busy = await workOnce(id, options.batch ?? 10, options.staleMs ?? getEnv().OUTBOX_CLAIM_TIMEOUT_MS);
      } catch (error) {
        log.error("worker.tick_failed", { workerId: id, error });
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

/** One round: reclaim, send what is claimable, check what is due. True when it did anything. */
export async function workOnce(workerId: string, batch: number, staleMs: number): Promise<boolean> {
  await reclaimStale(staleMs);
  // Claimed chunks belong to different organizations (one at a time each), so they go in
  // parallel. An organization's next chunk is claimable as soon as the previous one is sent (the
  // service queues imports in order), so sending goes on for a few rounds before checking:
  // waiting a whole round of checks per chunk made 100 chunks take 29 s (bench/RESULTS.md, rows).
  const claimed = [];
  for (let round = 0; round < SEND_ROUNDS; round++) {
    const more = await claimChunks(workerId, batch);
    if (more.length === 0) break;
    const outcomes = await Promise.all(more.map((chunk) => sendClaimed(chunk, workerId)));
    claimed.push(...more);
    if (!outcomes.includes("sent")) break;
  }
  const due = await claimDueChecks(batch, CHECK_INTERVAL_MS);
  for (const chunk of due) await checkChunk(chunk);
  for (const submissionId of new Set([...claimed, ...due].map((c) => c.submissionId))) {
    await updateSubmissionStatus(submissionId);
  }
  return claimed.length + due.length > 0;
}
