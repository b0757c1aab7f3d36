// The lock order behind the e2e suite's `deadlock detected` (tests/support/reset-app-data.ts): a
// worker statement locks SubmissionBatch before Connection, TRUNCATE "Connection" CASCADE locks
// Connection before SubmissionBatch. Shown with two sessions, step by step; then the reset that
// waits for the worker instead.
import pg from "pg";
import { afterEach, beforeEach, expect, it } from "vitest";
import { resetAppDataWith } from "../support/reset-app-data";

let worker: pg.Client;
let reset: pg.Client;

beforeEach(async () => {
  worker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  reset = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([worker.connect(), reset.connect()]);
  // Detected in 200 ms rather than 1 s (the test's sessions only; postgres is a superuser here).
  await Promise.all([worker, reset].map((c) => c.query("SET deadlock_timeout = '200ms'")));
});
afterEach(async () => {
  await worker.query("ROLLBACK").catch(() => undefined);
  await Promise.all([worker.end(), reset.end()]);
});

/** Until `client`'s session waits for a lock. */
async function waitingForLock(client: pg.Client): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  for (let i = 0; i < 200; i++) {
    const { rows } = await worker.query("SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted", [pid]);
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the reset never waited for a lock");
}

/** What the claim does within one statement: SubmissionBatch first, Connection after. */
async function workerHoldsBatchesThenReadsConnections(): Promise<() => Promise<unknown>> {
  await worker.query("BEGIN");
  await worker.query(`SELECT count(*) FROM "SubmissionBatch"`);
  return () => worker.query(`SELECT count(*) FROM "Connection"`);
}

it("a plain TRUNCATE of Connection deadlocks with a statement that read SubmissionBatch first", async () => {
  const readConnections = await workerHoldsBatchesThenReadsConnections();
  const truncate = reset.query(`TRUNCATE "Connection" CASCADE`);
  await waitingForLock(reset);
  const outcomes = await Promise.allSettled([readConnections(), truncate]);
  const codes = outcomes.map((o) => (o.status === "rejected" ? (o.reason as { code?: string }).code : "ok"));
  expect(codes).toContain("40P01");
});

it("the e2e reset waits for the worker instead: nobody sees a deadlock, and the reset goes through", async () => {
  const readConnections = await workerHoldsBatchesThenReadsConnections();
  const resetting = resetAppDataWith(reset);
  await waitingForLock(reset);
  const started = Date.now();
  await readConnections(); // would be a deadlock's victim, or wait 200 ms and more, with a plain TRUNCATE
  expect(Date.now() - started).toBeLessThan(200);
  await worker.query("COMMIT");
  expect((await resetting).tries).toBeGreaterThan(1);
});
