// The in-process worker never starves the web: it runs on its own pool. With the web's
// pool shrunk to one connection, a first copy of 20,000 gifts runs in the worker of this same
// process while Connect (saveGrant, the transaction whose wait ran out on the shared pool) is
// done again and again: each succeeds at once, nobody ever waits for the web's connection, and
// the copy's statements went through the worker's pool.
import type pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import { requestSync } from "@/lib/transactions/sync";
import { startWorkerOnOwnPool } from "@/lib/worker/own-pool";
import type { Worker } from "@/lib/worker/worker";
import { connectOrganization, emulatorSwitch } from "../support/connected-org";
import { withConnectedOrganization } from "../support/synced-org";
import { processSlot } from "@/lib/process-slot";

const saved = { web: process.env.DATABASE_POOL_MAX, worker: process.env.WORKER_DATABASE_POOL_MAX };
beforeAll(() => {
  process.env.DATABASE_POOL_MAX = "1";
  process.env.WORKER_DATABASE_POOL_MAX = "6";
  clearEnvCache();
});
afterAll(() => {
  process.env.DATABASE_POOL_MAX = saved.web;
  process.env.WORKER_DATABASE_POOL_MAX = saved.worker;
  clearEnvCache();
});

const org = withConnectedOrganization(); // Riverside, whose first copy the worker makes
let worker: Worker | undefined;
afterEach(async () => {
  await worker?.stop({ deadlineMs: 10_000 });
  worker = undefined;
});

const workerPool = () => processSlot<{ pool: pg.Pool }>("apportionWorkerDb").get()?.pool;
const copyDone = async () =>
  (await db().transactionSync.findUnique({ where: { connectionId: org.connection.id } }))?.fullCompletedAt != null;
const copied = () => db().knownTransaction.count({ where: { connectionId: org.connection.id } });

describe("the in-process worker's own pool", () => {
  it(
    "leaves the web's pool to requests: Connect succeeds at once during a first copy",
    { timeout: 120_000 },
    async () => {
      await emulatorSwitch(org.emulator, "organizations/1001/generate", { count: 20_000, seed: 30 });
      const web = pool();
      let webWaited = 0;
      let workerConnections = 0;
      const sampler = setInterval(() => {
        webWaited = Math.max(webWaited, web.waitingCount);
        workerConnections = Math.max(workerConnections, workerPool()?.totalCount ?? 0);
      }, 2);
      try {
        worker = startWorkerOnOwnPool({ pollMs: 50, sync: { concurrency: 1, turnMs: 600_000, intervalMs: 3_600_000 } });
        await requestSync(org.connection.id);
        const connects: number[] = [];
        await expect.poll(copied, { timeout: 120_000, interval: 20 }).toBeGreaterThanOrEqual(2_000);
        // Connect, again and again, while the copy goes on.
        while (!(await copyDone()) && connects.length < 200) {
          const started = Date.now();
          await connectOrganization(org.emulator, "admin@harbor.example");
          connects.push(Date.now() - started);
        }
        expect(connects.length).toBeGreaterThan(3);
        // Each Connect took what its own calls take, never Prisma's 2 s wait for a connection.
        expect(Math.max(...connects)).toBeLessThan(2_000);
        await expect.poll(copyDone, { timeout: 60_000 }).toBe(true);
        expect(await copied()).toBeGreaterThan(20_000);
      } finally {
        clearInterval(sampler);
      }
      // The copy ran on the worker's connections; the web's one was never waited for.
      expect(workerConnections).toBeGreaterThan(1);
      expect(webWaited).toBe(0);
    },
  );
});
