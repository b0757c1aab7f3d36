// The worker inside the web server (instrumentation.ts) runs on its own database pool
// (WORKER_DATABASE_POOL_MAX, lib/db.ts): whatever it starts, and its stop, read and write through
// that pool, so a long first copy or a large submission never takes the connections that requests
// need. `npm run worker` has the process to itself and uses the ordinary pool.
import "server-only";
import { onWorkerPool } from "@/lib/db";
import { type Worker, type WorkerOptions, startWorker } from "./worker";

export function startWorkerOnOwnPool(options: WorkerOptions = {}): Worker {
  const worker = onWorkerPool(() => startWorker(options));
  return { id: worker.id, stop: (stopOptions) => onWorkerPool(() => worker.stop(stopOptions)) };
}
