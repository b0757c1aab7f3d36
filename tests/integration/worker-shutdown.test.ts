// SIGTERM to a real `npm run worker` process (scripts/worker.ts) while it holds outbox claims and a
// sync lease: it stops claiming, releases what it has not finished by its deadline, closes the
// database and exits 0, leaving no lease, claim or heartbeat behind (checked in the database).
import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "@/emulator/server";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import { syncTransactions } from "@/lib/transactions/sync";
import { resetTables } from "../support/app-db";
import { connectOrganization, emulatorSwitch } from "../support/connected-org";
import { submitEven } from "../support/synced-org";

const WORKER_ID = "worker-sigterm";
let emulator: RunningEmulator;
let child: ChildProcess | undefined;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, importDelayMs: 0 });
  process.env.SERVICE_BASE_URL = emulator.url;
  clearEnvCache();
});
afterAll(async () => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  await emulator.close();
});

describe("the worker on SIGTERM", () => {
  it("releases every claim and lease within its deadline and exits 0", { timeout: 120_000 }, async () => {
    await resetTables();
    await db().workerHeartbeat.deleteMany();
    await emulatorSwitch(emulator, "reset");
    // Riverside: copied, with 10,000 rows to send (over 100 batches, chains of 25).
    const riverside = await connectOrganization(emulator);
    await emulatorSwitch(emulator, "organizations/1001/generate", { count: 2_000, seed: 31 });
    await syncTransactions(riverside.id);
    const gifts = await db().knownTransaction.findMany({
      where: { connectionId: riverside.id, amountCents: { gte: 1_000 } },
      orderBy: { transactionId: "asc" },
      take: 1_000,
    });
    const submissionId = await submitEven(
      riverside,
      gifts.map((g) => g.transactionId),
      { parts: 10 },
    );
    const batches = await db().submissionBatch.count({ where: { submissionId } });
    // Harbor: connected, 40,000 gifts not copied yet (the worker starts its first copy).
    const harbor = await connectOrganization(emulator, "admin@harbor.example");
    await emulatorSwitch(emulator, "organizations/1002/generate", { count: 40_000, seed: 32 });
    // Every call takes 300 ms: a chain of 25 batches would take 7.5 s, the copy minutes.
    await emulatorSwitch(emulator, "faults", { latency_ms: 300 });

    // As `npm run worker` runs it: node with tsx's loader in the same process. (The tsx command
    // relays a signal to a child process and kills it if it does not answer within 30 ms.)
    child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"], {
      env: {
        ...process.env,
        SERVICE_BASE_URL: emulator.url,
        WORKER_ID,
        WORKER_POLL_MS: "50",
        SHUTDOWN_DEADLINE_MS: "2000",
        SYNC_TURN_MS: "600000",
      },
      stdio: "ignore",
    });
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child!.on("exit", (code) => resolve({ code, at: Date.now() })),
    );
    await expect
      .poll(
        async () =>
          (await db().submissionBatch.count({ where: { claimedBy: WORKER_ID, status: "sending" } })) > 1 &&
          (await db().transactionSync.count({ where: { connectionId: harbor.id, leaseOwner: WORKER_ID } })) === 1 &&
          (await db().workerHeartbeat.count({ where: { workerId: WORKER_ID } })) === 1,
        { message: "the worker holding batches, Harbor's sync lease and its heartbeat", timeout: 60_000 },
      )
      .toBe(true);

    const signalledAt = Date.now();
    child.kill("SIGTERM");
    const { code, at } = await exited;
    expect(code).toBe(0);
    // Within its deadline (2 s) and the time to close, far less than the chain of 7.5 s.
    expect(at - signalledAt).toBeLessThan(7_000);

    expect(await db().submissionBatch.count({ where: { status: "sending" } })).toBe(0);
    expect(await db().submissionBatch.count({ where: { claimedBy: { not: null }, status: "pending" } })).toBe(0);
    expect(await db().transactionSync.count({ where: { leaseOwner: { not: null } } })).toBe(0);
    expect(await db().submission.count({ where: { verificationClaimedBy: { not: null } } })).toBe(0);
    expect(await db().connection.count({ where: { refreshLeaseOwner: { not: null } } })).toBe(0);
    expect(await db().workerHeartbeat.count()).toBe(0);
    // Nothing lost: every batch is still there, waiting or sent.
    expect(await db().submissionBatch.count({ where: { submissionId } })).toBe(batches);
    expect(await db().submissionBatch.count({ where: { submissionId, status: "failed" } })).toBe(0);
  });
});
