// Prometheus metrics (prom-client, the Node client Prometheus's own docs list). One registry per
// process, kept on globalThis: the dev server loads lib/ once for the routes and once for the
// worker, and metrics registered twice would throw. What each series means, and what to alert
// on, is in README.md ("Running in production").
//
// Cardinality: no label carries an organization. Per-organization figures (sync lag) are a
// histogram over organizations; the adaptive limit is summarised (min, median, max).
import "server-only";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { adaptiveLimits } from "./adaptive-limit";
import { outboxFigures, syncLagSeconds } from "./database-figures";
import { registerStateGauges } from "./state-gauges";
import { processSlot } from "@/lib/process-slot";

/** Every series of this app starts so, the process's default ones (CPU, memory, heap, GC) too. */
export const METRIC_PREFIX = "apportion_";

function create() {
  const registry = new Registry();
  // CPU, resident memory, heap, event-loop lag, GC pauses, open handles: prom-client's defaults.
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  registerStateGauges(registry);
  const added = requestAndOutcomeMetrics(registry);
  const serviceCalls = new Counter({
    name: "apportion_service_calls_total",
    help: "Calls to the service by method, operation (path with ids as :id) and HTTP status (or network/timeout).",
    labelNames: ["method", "operation", "status"] as const,
    registers: [registry],
  });
  const serviceCallSeconds = new Histogram({
    name: "apportion_service_call_duration_seconds",
    help: "Time from sending a call to the service to its answer's headers.",
    labelNames: ["method", "operation"] as const,
    buckets: [0.025, 0.05, 0.1, 0.15, 0.25, 0.4, 0.6, 1, 2, 5, 15],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: "apportion_service_rate_limited_total",
    help: "Answers 429 (Too Many Requests) from the service, by operation.",
    labelNames: ["operation"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "apportion_service_adaptive_limit",
    help: "Current adaptive concurrency limit of this process's service connections: min, median and max over connections (nothing when no limiter reports).",
    labelNames: ["stat"] as const,
    registers: [registry],
    collect() {
      this.reset();
      const limits = [...adaptiveLimits()].filter(Number.isFinite).sort((a, b) => a - b);
      if (limits.length === 0) return;
      this.set({ stat: "min" }, limits[0]!);
      this.set({ stat: "median" }, limits[Math.floor((limits.length - 1) / 2)]!);
      this.set({ stat: "max" }, limits.at(-1)!);
    },
  });
  new Gauge({
    name: "apportion_outbox_batches",
    help: "Batches in the outbox by state: pending (waiting to be sent), sending (claimed), sent (waiting for the service to finish the import).",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const figures = await outboxFigures();
      this.reset();
      for (const [state, count] of Object.entries(figures.byState)) this.set({ state }, count);
    },
  });
  new Gauge({
    name: "apportion_outbox_oldest_waiting_seconds",
    help: "Age of the oldest batch not yet sent (pending or being sent), from its submission's creation; 0 when none waits.",
    registers: [registry],
    async collect() {
      this.set((await outboxFigures()).oldestWaitingSeconds);
    },
  });
  new Histogram({
    name: "apportion_sync_lag_seconds",
    help: "Per active organization, how old its copy is: time since the start of its last complete sync (since connecting when none completed). Computed from the database at each scrape.",
    buckets: [30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 86400],
    registers: [registry],
    async collect() {
      const lags = await syncLagSeconds();
      this.reset();
      this.zero({}); // a count of 0 rather than no series when no organization is active
      for (const lag of lags) this.observe(lag);
    },
  });
  const refreshFailures = new Counter({
    name: "apportion_token_refresh_failures_total",
    help: "Token refreshes that failed, by kind: refused (the connection needs reconnecting) or transient.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const readBackOutcomes = new Counter({
    name: "apportion_read_back_outcomes_total",
    help: "Submissions read back from the service, by outcome: verified, differs, could_not_verify; part_failed counts a part that will be read again.",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const syncRuns = new Counter({
    name: "apportion_sync_runs_total",
    help: "Sync turns the worker ran, by how they ended: complete, unfinished (continued next round), busy (another process held it), failed.",
    labelNames: ["state"] as const,
    registers: [registry],
  });
  const workerLoopTurns = new Counter({
    name: "apportion_worker_loop_turns_total",
    help: "Turns of the worker's named loops, by loop and result (ok or failed).",
    labelNames: ["loop", "result"] as const,
    registers: [registry],
  });
  return {
    registry,
    ...added,
    serviceCalls,
    serviceCallSeconds,
    rateLimited,
    refreshFailures,
    readBackOutcomes,
    syncRuns,
    workerLoopTurns,
  };
}

/** What an operator watches: HTTP requests by route pattern, send → Verified, token refreshes;
 *  and the kicks that wake the worker after a Send. */
function requestAndOutcomeMetrics(registry: Registry) {
  const httpRequests = new Counter({
    name: "apportion_http_requests_total",
    help: "API requests answered, by route pattern (/api/templates/[id]), method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const httpRequestSeconds = new Histogram({
    name: "apportion_http_request_duration_seconds",
    help: "Time from an API request's arrival to its answer's headers, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const sendToVerifiedSeconds = new Histogram({
    name: "apportion_send_to_verified_seconds",
    help: "Time from a submission's Send to read-back finding it Verified.",
    buckets: [5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21600, 86400],
    registers: [registry],
  });
  const tokenRefreshes = new Counter({
    name: "apportion_token_refreshes_total",
    help: "Token refreshes that succeeded (new tokens stored).",
    registers: [registry],
  });
  const outboxKicks = new Counter({
    name: "apportion_outbox_kicks_total",
    help: "First deliveries a web process made right after storing a submission, by outcome: sent, idle (nothing to claim), tried (the call failed or must wait), left (to the worker: queue full or stopping), failed.",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  return { httpRequests, httpRequestSeconds, sendToVerifiedSeconds, tokenRefreshes, outboxKicks };
}

export type Metrics = ReturnType<typeof create>;

const slot = processSlot<Metrics>("apportionMetrics");

export function metrics(): Metrics {
  return slot.getOrCreate(create);
}
