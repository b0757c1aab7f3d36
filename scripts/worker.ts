// `npm run worker`: the outbox worker on its own, for deployments that keep it apart from the web
// server (then set APPORTION_WORKER=0 there). Several may run on one database. Stops cleanly on
// SIGINT/SIGTERM; a worker killed outright has its claims reclaimed by the others.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV !== "production");

const { getEnv } = await import("../lib/env");
const env = getEnv();
if (!env.DATABASE_URL) {
  console.error("DATABASE_URL is required: the worker shares the web server's PostgreSQL.");
  process.exit(1);
}
const { startWorker } = await import("../lib/outbox/worker");
const worker = startWorker({ id: process.env.WORKER_ID, pollMs: Number(process.env.WORKER_POLL_MS ?? 500) });
console.log(`Outbox worker ${worker.id} running.`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void worker.stop().then(() => process.exit(0));
  });
}
