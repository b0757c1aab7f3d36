// The worker's liveness as its own signal (issue 30): readiness says only whether this instance can
// serve (lib/health/ready.ts), so a stopped worker never takes web instances out of the load
// balancer. These two gauges, read from the heartbeat rows at scrape time (any process reports the
// same), are what an alert watches instead (README, "Running in production").
import "server-only";
import { Gauge, type Registry } from "prom-client";
import { sql } from "@/lib/db-sql";
import { getEnv } from "@/lib/env";

export type WorkerLiveness = { live: number; freshestAgeSeconds: number | null };

/** Workers whose heartbeat is younger than READY_HEARTBEAT_MAX_AGE_MS, and the freshest beat's age. */
export async function workerLiveness(): Promise<WorkerLiveness> {
  const [row] = await sql<{ live: number; freshest: number | null }>`
    SELECT count(*) FILTER (WHERE "beatAt" > now() - ${getEnv().READY_HEARTBEAT_MAX_AGE_MS}::float8 * interval '1 millisecond')::int AS live,
           extract(epoch FROM now() - max("beatAt"))::float8 AS freshest
      FROM "WorkerHeartbeat"`;
  return { live: row?.live ?? 0, freshestAgeSeconds: row?.freshest === null ? null : Math.max(0, row?.freshest ?? 0) };
}

export function registerWorkerLiveness(registry: Registry): void {
  let reading: { at: number; figures: Promise<WorkerLiveness> } | undefined;
  // Both gauges of one scrape share one read.
  const read = () => {
    if (!reading || Date.now() - reading.at > 1_000) reading = { at: Date.now(), figures: workerLiveness() };
    reading.figures.catch(() => (reading = undefined));
    return reading.figures;
  };
  new Gauge({
    name: "apportion_workers_live",
    help: "Workers whose heartbeat is younger than READY_HEARTBEAT_MAX_AGE_MS (any process's, from the database).",
    registers: [registry],
    async collect() {
      this.set((await read()).live);
    },
  });
  new Gauge({
    name: "apportion_worker_heartbeat_age_seconds",
    help: "Age of the freshest worker heartbeat; absent when no worker has written one.",
    registers: [registry],
    async collect() {
      const age = (await read()).freshestAgeSeconds;
      this.reset();
      if (age !== null) this.set(age);
    },
  });
}
