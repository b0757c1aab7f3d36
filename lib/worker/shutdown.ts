// Graceful shutdown on SIGTERM (an orchestrator stopping the process) and SIGINT (Ctrl-C), for the
// web server (instrumentation.ts: `npm start`'s server, scripts/serve.ts, or `next dev` when
// scripts/launch.ts hands it the signals) and `npm run worker`: readiness answers 503 at once, the
// worker stops claiming and finishes or releases what it holds within SHUTDOWN_DEADLINE_MS, and so
// do the kicks of submissions this process stored (lib/outbox/kick.ts: their claims lapse); the
// HTTP server of `npm start` serves on for DRAIN_DELAY_MS (the load balancer sees the 503), then
// stops accepting and lets requests in flight finish within SHUTDOWN_DEADLINE_MS
// (scripts/http-drain.ts); then the connection-change listener and the database pools close and
// the process exits 0. Should closing itself hang, the process exits 1 a few seconds after.
import "server-only";
import { stopProcessConnectionCache } from "@/lib/connections/connection-cache";
import { closeDatabase } from "@/lib/db";
import { drainDelayMs, getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { stopKicks } from "@/lib/outbox/kick";
import { processSlot } from "@/lib/process-slot";
import type { Worker } from "./worker";

/** What `npm start`'s server (scripts/serve.ts) registers: its HTTP drain, and Next.js's close
 *  (which waits for the `after()` work of the last requests, such as a submission's first send). */
type HttpDrain = (timing: { delayMs: number; deadlineMs: number }) => Promise<{ inTime: boolean; unfinished: number }>;
const httpDrain = processSlot<HttpDrain>("apportionHttpDrain");
const nextClose = processSlot<() => Promise<void>>("apportionNextClose");
const stopping = processSlot<boolean>("apportionStopping");
const signalsHandled = processSlot<boolean>("apportionSignalsHandled");

/** True once this process has begun to stop (readiness fails from then on). */
export function processStopping(): boolean {
  return stopping.get() === true;
}

/** True when this process holds an HTTP server to drain (`npm start`): the stop signals are ours. */
export function servingHttp(): boolean {
  return httpDrain.get() !== undefined;
}

export type ShutdownParts = { worker?: Worker; closeExtra?: () => Promise<void> };

/** The drain delay in effect: only a process that serves HTTP waits for its load balancer. */
function delayOf(): number {
  return servingHttp() ? drainDelayMs(getEnv()) : 0;
}

/** Stops everything this process runs; resolves when it is all closed. */
export async function shutDown(parts: ShutdownParts, signal: string): Promise<void> {
  stopping.set(true);
  const deadlineMs = getEnv().SHUTDOWN_DEADLINE_MS;
  const delayMs = delayOf();
  log.info("process.stopping", { signal, deadlineMs, drainDelayMs: delayMs });
  // The worker stops claiming at once, while the server still serves through the drain delay.
  const workerStopped = parts.worker?.stop({ deadlineMs }).catch((error: unknown) => {
    log.error("worker.stop_failed", { error });
    return undefined;
  });
  // So do the kicks: a submission stored during the drain delay is left to the worker.
  const kicksStopped = stopKicks(deadlineMs).then((kicks) => log.info("outbox.kicks_stopped", kicks));
  const drain = httpDrain.get();
  if (drain) {
    const drained = await drain({ delayMs, deadlineMs });
    log.info("http.drained", drained);
    await nextClose
      .get()?.()
      .catch(() => undefined);
  }
  const report = await workerStopped;
  await kicksStopped;
  await parts.closeExtra?.().catch(() => undefined);
  await stopProcessConnectionCache().catch(() => undefined);
  // Last: requests in flight and the worker's release needed their connections until now.
  await closeDatabase().catch(() => undefined);
  log.info("process.stopped", { signal, workerInTime: report?.inTime ?? null });
}

/** Installs the handlers once per process; the process exits 0 when everything closed. */
export function stopOnSignals(parts: ShutdownParts): void {
  if (signalsHandled.get()) return;
  signalsHandled.set(true);
  let started = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (started) return;
      started = true;
      setTimeout(() => process.exit(1), delayOf() + getEnv().SHUTDOWN_DEADLINE_MS + 5_000).unref();
      void shutDown(parts, signal).then(
        () => process.exit(0),
        (error: unknown) => {
          log.error("process.stop_failed", { error });
          process.exit(1);
        },
      );
    });
  }
}
