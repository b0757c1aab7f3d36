// The worker's heartbeat, stored so that any instance's readiness (lib/health/ready.ts) can tell
// whether background work is being done somewhere: a worker may run in another process
// (`npm run worker`). One row per worker, written every WORKER_HEARTBEAT_MS with each named
// loop's last completed turn, deleted when the worker stops cleanly; rows of workers that died
// are pruned after a day.
import "server-only";
import { sql } from "@/lib/db-sql";

export async function writeHeartbeat(workerId: string, loops: Record<string, string | null>): Promise<void> {
  await sql`
    INSERT INTO "WorkerHeartbeat" ("workerId", "startedAt", "beatAt", loops)
    VALUES (${workerId}, now(), now(), ${JSON.stringify(loops)}::jsonb)
    ON CONFLICT ("workerId") DO UPDATE SET "beatAt" = now(), loops = excluded.loops`;
}

export async function removeHeartbeat(workerId: string): Promise<void> {
  await sql`DELETE FROM "WorkerHeartbeat" WHERE "workerId" = ${workerId}`;
}

export async function pruneHeartbeats(): Promise<void> {
  await sql`DELETE FROM "WorkerHeartbeat" WHERE "beatAt" < now() - interval '1 day'`;
}
