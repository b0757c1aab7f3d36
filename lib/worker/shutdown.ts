// Graceful shutdown on SIGTERM (an orchestrator stopping the process) and SIGINT (Ctrl-C), for the
// web server (instrumentation.ts, when scripts/launch.ts hands it the signals) and `npm run
// worker`: readiness answers 503 at once (a load balancer stops sending work), the worker stops
// claiming and finishes or releases what it holds within SHUTDOWN_DEADLINE_MS, then the
// connection-change listener and the database pool are closed and the process exits 0. Should
// closing itself hang, the process exits 1 a few seconds after the deadline.
import "server-only";
import { stopProcessConnectionCache } from "@/lib/connections/connection-cache";
import { closeDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import type { Worker } from "./worker";

const slot = globalThis as unknown as { apportionStopping?: boolean; apportionSignalsHandled?: boolean };

/** True once this process has begun to stop (readiness fails from then on). */
export function processStopping(): boolean {
  return slot.apportionStopping === true;
}

export type ShutdownParts = { worker?: Worker; closeExtra?: () => Promise<void> };

/** Stops everything this process runs; resolves when it is all closed. */
export async function shutDown(parts: ShutdownParts, signal: string): Promise<void> {
  slot.apportionStopping = true;
  const deadlineMs = getEnv().SHUTDOWN_DEADLINE_MS;
  log.info("process.stopping", { signal, deadlineMs });
  const report = await parts.worker?.stop({ deadlineMs });
  await parts.closeExtra?.().catch(() => undefined);
  await stopProcessConnectionCache().catch(() => undefined);
  await closeDatabase().catch(() => undefined);
  log.info("process.stopped", { signal, workerInTime: report?.inTime ?? null });
}

/** Installs the handlers once per process; the process exits 0 when everything closed. */
export function stopOnSignals(parts: ShutdownParts): void {
  if (slot.apportionSignalsHandled) return;
  slot.apportionSignalsHandled = true;
  let started = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (started) return;
      started = true;
      setTimeout(() => process.exit(1), getEnv().SHUTDOWN_DEADLINE_MS + 5_000).unref();
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
