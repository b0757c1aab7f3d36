// The worker: every piece of background work, as named loops of one module, with a heartbeat.
//  - "deliver", "follow", "read-back": the outbox's three parts (lib/outbox/tick.ts,
//    lib/read-back/run.ts), each in its own loop so that none waits for another: send claimed
//    batches, ask the service about sent imports until final, read a complete submission back
//    part by part. Claims are taken one chain per organization per round, and read-back serves
//    the least-read submission first, so one organization's 10,000 rows never hold up another's
//    one-gift submission beyond one round (lib/outbox/claim.ts). "follow" also settles, every
//    SETTLE_EVERY_MS, a submission whose status a stopped process left behind its batches
//    (lib/outbox/settle.ts). Read-back runs
//    READ_BACK_CONCURRENCY readers, each claiming its own submission (SKIP LOCKED): a part is a
//    service call or more of waiting, and a thousand organizations' submissions read one after
//    another took a thousand such waits (the fleet bench).
//  - "sync": up to SYNC_CONCURRENCY organizations' syncs at once, one turn each, chosen by
//    lib/transactions/sync-due.ts: unfinished or asked-for runs, first copies, and every active
//    organization's scheduled changes-only sync (SYNC_INTERVAL_MS, spread over the interval).
//  - "templates": sends the inbox items of templates set to "Send automatically" as submissions
//    (lib/templates/auto-send.ts), one organization per turn; "deliver" sends them on.
//  - "notify" and "mail": e-mail notifications (lib/notifications). "notify" looks for what admins
//    asked to hear about every NOTIFY_EVERY_MS and writes it into the mail outbox; "mail" sends
//    from that outbox with retries. A failing or hanging SMTP server holds only the "mail" loop.
//  - "funds": keeps the Funds page's per-day totals equal to the copy (lib/funds/fold.ts): folds
//    the days the copy's writers marked, and builds an organization's totals the first time.
//  - "heartbeat": writes this worker's row (lib/worker/heartbeat.ts) every WORKER_HEARTBEAT_MS,
//    with each loop's last completed turn; readiness asks for a fresh one.
// It runs inside the web server (instrumentation.ts), so `npm run dev` and `npm start` need
// nothing else, and as `npm run worker` for deployments that keep it apart. Any number may run on
// one database: claims use FOR UPDATE SKIP LOCKED or leases, and a crashed worker's are taken over.
//
// stop(): no loop starts anything new; what is in hand finishes (a sync stops at its next page,
// a chain before its next batch) until the deadline, then whatever is still held is released
// (release-held.ts) and the heartbeat row removed.
import "server-only";
import { randomUUID } from "node:crypto";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics/registry";
import { foldFundsTurn } from "@/lib/funds/fold";
import { settleLaggingStatuses } from "@/lib/outbox/settle";
import { deliverTurn, followTurn } from "@/lib/outbox/tick";
import { notifyTurn } from "@/lib/notifications/detect";
import { sendMailTurn } from "@/lib/notifications/send";
import { readBackOnce } from "@/lib/read-back/run";
import { matchTemplatesAfterSync } from "@/lib/templates/after-sync";
import { releaseAutomaticClaims, sendAutomaticOnce } from "@/lib/templates/auto-send";
import { SyncSlots } from "@/lib/transactions/sync-worker";
import { pruneHeartbeats, removeHeartbeat, writeHeartbeat } from "./heartbeat";
import { type Released, releaseHeld } from "./release-held";

/** How often the follow loop settles submissions whose status lags behind their batches. */
const SETTLE_EVERY_MS = 10_000;
/** How often the notify loop looks for events to mail (a mail at once is at most this late). */
const NOTIFY_EVERY_MS = 15_000;

export type LoopName =
  "deliver" | "follow" | "read-back" | "sync" | "templates" | "notify" | "mail" | "funds" | "heartbeat";

export type WorkerOptions = {
  id?: string;
  /** Idle wait between turns of the outbox's and the sync's loops. */
  pollMs?: number;
  /** Connections served per outbox round. */
  perRound?: number;
  staleMs?: number;
  heartbeatMs?: number;
  /** Idle wait of the notify loop (default NOTIFY_EVERY_MS). */
  notifyMs?: number;
  sync?: { concurrency?: number; turnMs?: number; intervalMs?: number };
  /** Read-back parts read at once (default READ_BACK_CONCURRENCY). */
  readBack?: { concurrency?: number };
  /** Leave out loops (tests that drive one part by hand). */
  without?: LoopName[];
};

export type StopReport = { inTime: boolean; released: Released };

export type Worker = {
  id: string;
  /** Stops within `deadlineMs` (default SHUTDOWN_DEADLINE_MS); safe to call twice. */
  stop: (options?: { deadlineMs?: number }) => Promise<StopReport>;
};

export function startWorker(options: WorkerOptions = {}): Worker {
  const env = getEnv();
  const id = options.id ?? `worker-${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? 500;
  const heartbeatMs = options.heartbeatMs ?? env.WORKER_HEARTBEAT_MS;
  let stopped = false;
  const shouldStop = () => stopped;
  const { pause, wakeAll } = sleeper();
  const lastTurn: Record<LoopName, string | null> = {
    deliver: null,
    follow: null,
    "read-back": null,
    sync: null,
    templates: null,
    notify: null,
    mail: null,
    funds: null,
    heartbeat: null,
  };
  const loop = (name: LoopName, turn: () => Promise<boolean>, idleMs: number) =>
    options.without?.includes(name)
      ? Promise.resolve()
      : runLoop({ workerId: id, name, turn, idleMs, shouldStop, pause, lastTurn });

  let nextSettle = 0;
  // Every run this worker completes proposes templates to the gifts it copied.
  matchTemplatesAfterSync();
  const slots = new SyncSlots({ workerId: id, shouldStop, ...options.sync });
  let beats = 0;
  /** The automatic-send round in hand (its key), handed over if the deadline passes. */
  const templateKeys = new Set<string>();
  const loops = [
    loop(
      "deliver",
      async () =>
        (await deliverTurn({ workerId: id, perRound: options.perRound, staleMs: options.staleMs, shouldStop })) > 0,
      pollMs,
    ),
    loop(
      "follow",
      async () => {
        const asked = await followTurn({ perRound: options.perRound, shouldStop });
        // Now and then, submissions a stopped process left behind its batches (settle.ts).
        if (Date.now() >= nextSettle) {
          nextSettle = Date.now() + SETTLE_EVERY_MS;
          await settleLaggingStatuses();
        }
        return asked > 0;
      },
      pollMs,
    ),
    ...Array.from({ length: options.readBack?.concurrency ?? env.READ_BACK_CONCURRENCY }, () =>
      loop("read-back", () => readBackOnce(id), pollMs),
    ),
    loop(
      "sync",
      async () => {
        await slots.fill();
        // Wait for a slot to free (then fill again at once), or poll for newly due work.
        if (slots.inHand.size > 0) await Promise.race([slots.whenOneEnds(), pause(pollMs)]);
        return slots.inHand.size > 0;
      },
      pollMs,
    ),
    // Checks `stopped` before claiming: a stopping worker takes no new round.
    loop("templates", async () => !stopped && (await sendAutomaticOnce(id, templateKeys)), pollMs),
    loop(
      "notify",
      async () => {
        await notifyTurn();
        return false;
      },
      options.notifyMs ?? NOTIFY_EVERY_MS,
    ),
    loop("mail", () => sendMailTurn(id), pollMs),
    loop("funds", () => foldFundsTurn({ shouldStop }), pollMs),
    loop(
      "heartbeat",
      async () => {
        await writeHeartbeat(id, lastTurn);
        if (beats++ % 720 === 0) await pruneHeartbeats();
        return false;
      },
      heartbeatMs,
    ),
  ];
  log.info("worker.started", { workerId: id });

  let stopping: Promise<StopReport> | undefined;
  const stop = ({ deadlineMs = env.SHUTDOWN_DEADLINE_MS }: { deadlineMs?: number } = {}) => {
    stopping ??= (async () => {
      stopped = true;
      wakeAll();
      return finishStop({ workerId: id, work: [...loops, slots.drain()], templateKeys, deadlineMs });
    })();
    return stopping;
  };
  return { id, stop };
}

/**
 * The second half of stop(), once no loop takes anything new: lets the work in hand finish until
 * the deadline, then releases whatever is still held and removes the heartbeat row.
 */
async function finishStop({
  workerId,
  work,
  templateKeys,
  deadlineMs,
}: {
  workerId: string;
  work: Promise<unknown>[];
  templateKeys: Set<string>;
  deadlineMs: number;
}): Promise<StopReport> {
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    Promise.all(work).then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), deadlineMs))),
  ]);
  clearTimeout(timer);
  const released = await releaseHeld(workerId);
  const automaticItems = await releaseAutomaticClaims(templateKeys);
  await removeHeartbeat(workerId);
  log.info("worker.stopped", { workerId, inTime, ...released, automaticItems });
  return { inTime, released };
}

// finishStop, sleeper and runLoop stand outside startWorker so that it reads as the list of loops
// and stop(); they hold no state of their own beyond what startWorker hands them.

/** `pause(ms)` waits `ms`, or less when `wakeAll()` is called (the worker stops). */
function sleeper(): { pause: (ms: number) => Promise<void>; wakeAll: () => void } {
  const wakers = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakers.add(done);
    });
  const wakeAll = () => {
    for (const wake of [...wakers]) wake();
  };
  return { pause, wakeAll };
}

/** A named loop: turns until stopped; a failed turn is logged and counted, never fatal. */
async function runLoop(loop: {
  workerId: string;
  name: LoopName;
  turn: () => Promise<boolean>;
  idleMs: number;
  shouldStop: () => boolean;
  pause: (ms: number) => Promise<void>;
  lastTurn: Record<LoopName, string | null>;
}): Promise<void> {
  const { workerId, name, turn, idleMs, shouldStop, pause, lastTurn } = loop;
  while (!shouldStop()) {
    let busy = false;
    try {
      busy = await turn();
      lastTurn[name] = new Date().toISOString();
      metrics().workerLoopTurns.inc({ loop: name, result: "ok" });
    } catch (error) {
      metrics().workerLoopTurns.inc({ loop: name, result: "failed" });
      log.error(`worker.${name}_failed`, { workerId, error });
    }
    if (!busy && !shouldStop()) await pause(idleMs);
  }
}
