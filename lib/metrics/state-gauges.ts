// Gauges read when Prometheus scrapes: this process's database pool, and shared state read from
// the database (worker heartbeats, submissions by the state an admin sees, first copies), so any
// instance reports the same. Plus the build: which version this process runs.
import "server-only";
import { Gauge, type Registry } from "prom-client";
import { pool } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { SUBMISSION_STATES, submissionState } from "@/lib/submissions/submission-state";
import { APP_VERSION } from "@/lib/version";
import { firstCopyFigures, heartbeatFigures, submissionGroups } from "./database-figures";

export function registerStateGauges(registry: Registry): void {
  const registers = [registry];
  new Gauge({
    name: "apportion_build_info",
    help: "Always 1; the version this process runs (package.json) in its label.",
    labelNames: ["version"] as const,
    registers,
  }).set({ version: APP_VERSION }, 1);
  new Gauge({
    name: "apportion_db_pool_connections",
    help: "This process's PostgreSQL pool: connections in_use (checked out) and idle.",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const { totalCount, idleCount } = pool();
      this.set({ state: "in_use" }, totalCount - idleCount);
      this.set({ state: "idle" }, idleCount);
    },
  });
  new Gauge({
    name: "apportion_db_pool_waiting",
    help: "Queries of this process waiting for a free pool connection.",
    registers,
    collect() {
      this.set(pool().waitingCount);
    },
  });
  registerHeartbeatGauges(registers);
  new Gauge({
    name: "apportion_submissions",
    help: "Submissions by the state an admin sees: sending, waiting (for a reconnect), checking, verified, differs, could_not_verify, failed.",
    labelNames: ["state"] as const,
    registers,
    async collect() {
      const counts = Object.fromEntries(SUBMISSION_STATES.map((state) => [state, 0]));
      for (const group of await submissionGroups()) counts[submissionState(group)]! += group.count;
      for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
    },
  });
  new Gauge({
    name: "apportion_first_copies",
    help: "Active organizations without a full copy of their gifts yet: pending (not begun) and in_progress.",
    labelNames: ["state"] as const,
    registers,
    async collect() {
      const figures = await firstCopyFigures();
      this.set({ state: "pending" }, figures.pending);
      this.set({ state: "in_progress" }, figures.inProgress);
    },
  });
}

function registerHeartbeatGauges(registers: Registry[]): void {
  // Both gauges of one scrape (collected side by side) share the query in flight; a later scrape
  // reads afresh, so a heartbeat written between two scrapes is never hidden by a cached answer.
  let inFlight: ReturnType<typeof heartbeatFigures> | undefined;
  const figures = () =>
    (inFlight ??= heartbeatFigures(getEnv().READY_HEARTBEAT_MAX_AGE_MS).finally(() => (inFlight = undefined)));
  new Gauge({
    name: "apportion_worker_heartbeat_age_seconds",
    help: "Age of the freshest worker heartbeat (any process on this database); NaN when no worker has a row.",
    registers,
    async collect() {
      // NaN, not 0, when no worker has a row: unknown (apportion_workers_live says none lives).
      this.set((await figures()).youngestAgeSeconds ?? Number.NaN);
    },
  });
  new Gauge({
    name: "apportion_workers_live",
    help: "Workers whose heartbeat is younger than READY_HEARTBEAT_MAX_AGE_MS.",
    registers,
    async collect() {
      this.set((await figures()).live);
    },
  });
}
