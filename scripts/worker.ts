// `npm run worker`: the worker on its own (lib/worker/worker.ts), for deployments that keep it
// apart from the web server (then set APPORTION_WORKER=0 there). Several may run on one database.
// SIGTERM/SIGINT: stops claiming, finishes or releases what it holds within SHUTDOWN_DEADLINE_MS,
// closes the database and exits 0 (lib/worker/shutdown.ts); a worker killed outright has its
// claims and leases taken over by the others once they lapse. METRICS_PORT serves its metrics.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV !== "production");

const { getEnv } = await import("../lib/env");
// In production every line is JSON, this script's own messages too (lib/log.ts).
if (process.env.NODE_ENV === "production") (await import("../lib/log")).routeConsoleToLog();
const env = getEnv();
if (!env.DATABASE_URL) {
  console.error("DATABASE_URL is required: the worker shares the web server's PostgreSQL.");
  process.exit(1);
}
const { installServiceMetrics } = await import("../lib/metrics/service-calls");
const { startWorker } = await import("../lib/worker/worker");
const { stopOnSignals } = await import("../lib/worker/shutdown");
installServiceMetrics();
const worker = startWorker({ id: process.env.WORKER_ID, pollMs: Number(process.env.WORKER_POLL_MS ?? 500) });
let closeMetrics: (() => Promise<void>) | undefined;
if (env.METRICS_PORT) {
  const { startMetricsServer } = await import("../lib/metrics/metrics-server");
  const server = await startMetricsServer(env.METRICS_PORT);
  closeMetrics = () => new Promise((resolve) => server.close(() => resolve()));
}
stopOnSignals({ worker, closeExtra: closeMetrics });
console.log(`Worker ${worker.id} running.`);
