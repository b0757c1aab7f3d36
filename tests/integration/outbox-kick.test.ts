// The kick (lib/outbox/kick.ts): the first delivery a web process makes right after storing a
// submission, with the outbox's own claim, against real PostgreSQL and the emulator over HTTP.
// No worker runs unless a test drives the worker's deliver loop itself (deliverTurn).
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import { metrics } from "@/lib/metrics/registry";
import { type KickOutcome, KickQueue } from "@/lib/outbox/kick";
import { deliverTurn } from "@/lib/outbox/tick";
import { emulatorState, emulatorSwitch } from "../support/connected-org";
import { submitEven, withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();
const IMPORTS = "/admin/oauth2/api/v1/imports";
// Mid-call states last from a few hundred milliseconds to the whole hold at the service.
const soon = { timeout: 10_000, interval: 20 };

afterEach(() => {
  delete process.env.OUTBOX_BACKOFF_MS;
  clearEnvCache();
});

/** Import calls the emulator has answered (a call held by a fault is counted once it goes on). */
async function importCalls(): Promise<number> {
  return (await emulatorState(org.emulator)).stats.apiCalls[`POST ${IMPORTS}`] ?? 0;
}

/** apportion_outbox_kicks_total{outcome} in this process. */
async function kicksCounted(outcome: KickOutcome): Promise<number> {
  const { values } = await metrics().outboxKicks.get();
  return values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}

/** Riverside's gifts that can be split in two, in id order. */
async function splittableGifts(count: number): Promise<string[]> {
  const gifts = await db().knownTransaction.findMany({
    where: { connectionId: org.connection.id, amountCents: { gte: 2 } },
    orderBy: { transactionId: "asc" },
    take: count,
  });
  expect(gifts).toHaveLength(count);
  return gifts.map((g) => g.transactionId);
}

/** One submission per gift, stored one after another (so in this order per organization). */
async function submissionsFor(gifts: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const gift of gifts) ids.push(await submitEven(org.connection, [gift]));
  return ids;
}

const batchOf = (submissionId: string) => db().submissionBatch.findFirstOrThrow({ where: { submissionId } });

/** The worker's deliver loop, turned until nothing it can claim is left. */
async function workerDelivers(staleMs = 120_000): Promise<void> {
  while ((await deliverTurn({ workerId: "worker-test", perRound: 10, staleMs })) > 0) {
    // Another turn: more may have become claimable behind what was sent.
  }
}

describe("a kick", () => {
  it("sends a stored submission's first import with no worker running", async () => {
    const [gift] = await splittableGifts(1);
    const [submissionId] = await submissionsFor([gift!]);
    // Stored and committed, nothing sent: the request would answer here.
    expect(await batchOf(submissionId!)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await importCalls()).toBe(0);

    const kicks = new KickQueue({ atOnce: 1 });
    const sentBefore = await kicksCounted("sent");
    expect(await kicks.kick(submissionId!)).toBe("sent");
    expect(await kicksCounted("sent")).toBe(sentBefore + 1);
    expect(await importCalls()).toBe(1);
    expect(await batchOf(submissionId!)).toMatchObject({ status: "sent", claimedBy: kicks.id, attempts: 1 });
    // The submission's status follows (History shows it under way), the rest is the worker's.
    expect((await db().submission.findUniqueOrThrow({ where: { id: submissionId! } })).status).toBe("processing");
  });

  it("is not awaited by the one who stored: it runs while its import call is held at the service", async () => {
    const [gift] = await splittableGifts(1);
    const [submissionId] = await submissionsFor([gift!]);
    // The service holds the import call for 1.5 s before it handles it.
    await emulatorSwitch(org.emulator, "faults", {
      rules: [{ path_prefix: IMPORTS, method: "POST", fault: "latency", latency_ms: 1_500, count: 1 }],
    });
    const kicks = new KickQueue({ atOnce: 1 });
    const outcome = kicks.kick(submissionId!);
    // The kick has claimed and is waiting on the service; its caller went on long ago.
    await expect.poll(async () => (await batchOf(submissionId!)).status, soon).toBe("sending");
    expect(await importCalls()).toBe(0);
    expect(await outcome).toBe("sent");
    expect(await importCalls()).toBe(1);
  });

  it("waits behind an earlier submission of the organization: order per organization holds", async () => {
    const [first, second] = await submissionsFor(await splittableGifts(2));
    const kicks = new KickQueue({ atOnce: 2 });
    // The later one is kicked first: its batch is not the organization's head, so nothing goes.
    expect(await kicks.kick(second!)).toBe("idle");
    expect(await importCalls()).toBe(0);
    expect(await batchOf(second!)).toMatchObject({ status: "pending", attempts: 0 });

    expect(await kicks.kick(first!)).toBe("sent");
    expect(await kicks.kick(second!)).toBe("sent");
    const [a, b] = [await batchOf(first!), await batchOf(second!)];
    expect(Number(a.serviceImportId)).toBeLessThan(Number(b.serviceImportId));
  });

  it("that fails at the service leaves the submission to the worker, which sends it once", async () => {
    process.env.OUTBOX_BACKOFF_MS = "0";
    clearEnvCache();
    const [submissionId] = await submissionsFor(await splittableGifts(1));
    await emulatorSwitch(org.emulator, "faults", {
      rules: [{ path_prefix: IMPORTS, method: "POST", fault: "status", status: 503, count: 1 }],
    });
    expect(await new KickQueue({ atOnce: 1 }).kick(submissionId!)).toBe("tried");
    expect(await batchOf(submissionId!)).toMatchObject({ status: "pending", attempts: 1, claimedBy: null });
    expect((await batchOf(submissionId!)).lastError).not.toBeNull();

    await workerDelivers();
    expect(await batchOf(submissionId!)).toMatchObject({ status: "sent", claimedBy: "worker-test", attempts: 2 });
    const imports = (await emulatorState(org.emulator)).stats.apiCalls[`POST ${IMPORTS}`];
    expect(imports).toBe(1);
  });

  it("left out (queue full) or cut off by a stop leaves the submission to the worker, sent once", async () => {
    const [held, queued, overflow] = await submissionsFor(await splittableGifts(3));
    // The first kick's import call hangs at the service (the emulator never handles it).
    await emulatorSwitch(org.emulator, "faults", {
      rules: [{ path_prefix: IMPORTS, method: "POST", fault: "hang", count: 1 }],
    });
    const kicks = new KickQueue({ atOnce: 1, queueMax: 1 });
    const heldOutcome = kicks.kick(held!);
    const queuedOutcome = kicks.kick(queued!);
    expect(await kicks.kick(overflow!)).toBe("left");
    // Claimed is not yet called: a stop between the claim and the call releases the chain unsent
    // (deliverChain checks before each batch). Wait until the call is held at the service.
    await expect.poll(async () => (await emulatorState(org.emulator)).stats.faultsServed, soon).toBe(1);
    expect(await batchOf(held!)).toMatchObject({ status: "sending", claimedBy: kicks.id });

    // The process stops: the queued kick never starts; the hanging one outlives the deadline and
    // keeps its claim (its call may be in flight), which lapses for the worker.
    const report = await kicks.stop({ deadlineMs: 100 });
    expect(report).toEqual({ inTime: false, left: 1 });
    expect(await queuedOutcome).toBe("left");
    expect(await kicks.kick(overflow!)).toBe("left");
    expect(await batchOf(held!)).toMatchObject({ status: "sending", claimedBy: kicks.id });

    // The worker takes the lapsed claim over (a 1 s timeout here) and sends all three, in order.
    await new Promise((r) => setTimeout(r, 1_100));
    await workerDelivers(1_000);
    const batches = [await batchOf(held!), await batchOf(queued!), await batchOf(overflow!)];
    expect(batches.map((b) => b.status)).toEqual(["sent", "sent", "sent"]);
    const importIds = batches.map((b) => Number(b.serviceImportId));
    expect(importIds).toEqual([...importIds].sort((x, y) => x - y));
    // The hanging call never reached the service's handler: three imports, one each.
    expect(await importCalls()).toBe(3);
    // The hanging call ends with the app's timeout or the emulator's close, after this test; its
    // late outcome is written under the kick's claim, which no longer holds: nothing changes.
    void heldOutcome;
  }, 30_000);
});

describe("kicks and workers racing", () => {
  /** The next import call waits `ms` at the service before it is handled. */
  const holdNextImport = (ms: number) =>
    emulatorSwitch(org.emulator, "faults", {
      rules: [{ path_prefix: IMPORTS, method: "POST", fault: "latency", latency_ms: ms, count: 1 }],
    });

  it("a kick sends nothing while the worker holds the batch mid-call", async () => {
    const [submissionId] = await submissionsFor(await splittableGifts(1));
    await holdNextImport(500);
    const worker = deliverTurn({ workerId: "worker-test", perRound: 10, staleMs: 120_000 });
    await expect.poll(async () => (await batchOf(submissionId!)).status, soon).toBe("sending");
    expect(await new KickQueue({ atOnce: 1 }).kick(submissionId!)).toBe("idle");
    expect(await worker).toBe(1);
    expect(await batchOf(submissionId!)).toMatchObject({ status: "sent", claimedBy: "worker-test", attempts: 1 });
    expect(await importCalls()).toBe(1);
  });

  it("the worker sends nothing while a kick holds the batch mid-call", async () => {
    const [submissionId] = await submissionsFor(await splittableGifts(1));
    await holdNextImport(500);
    const kicks = new KickQueue({ atOnce: 1 });
    const kicked = kicks.kick(submissionId!);
    await expect.poll(async () => (await batchOf(submissionId!)).status, soon).toBe("sending");
    expect(await deliverTurn({ workerId: "worker-test", perRound: 10, staleMs: 120_000 })).toBe(0);
    expect(await kicked).toBe("sent");
    expect(await batchOf(submissionId!)).toMatchObject({ status: "sent", claimedBy: kicks.id, attempts: 1 });
    expect(await importCalls()).toBe(1);
  });

  it("a submission kicked while an earlier one's call is in flight waits for it", async () => {
    const [first, second] = await splittableGifts(2);
    const [earlier] = await submissionsFor([first!]);
    // The earlier one's call is slow; the later one's would be quick, and would overtake it.
    await holdNextImport(500);
    const worker = deliverTurn({ workerId: "worker-test", perRound: 10, staleMs: 120_000 });
    await expect.poll(async () => (await batchOf(earlier!)).status, soon).toBe("sending");
    const [later] = await submissionsFor([second!]);
    expect(await new KickQueue({ atOnce: 1 }).kick(later!)).toBe("idle");
    await worker;
    await workerDelivers();
    const [a, b] = [await batchOf(earlier!), await batchOf(later!)];
    expect([a.status, b.status]).toEqual(["sent", "sent"]);
    expect(Number(a.serviceImportId)).toBeLessThan(Number(b.serviceImportId));
  });

  it("many at once: every batch sent exactly once, in the order stored", async () => {
    const gifts = await splittableGifts(12);
    // Calls overlap and take 10 or 80 ms at the service (seeded draws).
    await emulatorSwitch(org.emulator, "faults", {
      seed: 33,
      rules: [
        { path_prefix: IMPORTS, method: "POST", fault: "latency", latency_ms: 80, rate: 0.5 },
        { path_prefix: IMPORTS, method: "POST", fault: "latency", latency_ms: 10 },
      ],
    });
    // Each submission is kicked as soon as it is stored by two web processes, while a worker's
    // deliver loop polls every 30 ms: who sends which depends on timing; the outcome must not.
    const processes = [new KickQueue({ atOnce: 2 }), new KickQueue({ atOnce: 2 })];
    let storing = true;
    const worker = (async () => {
      while (storing) {
        await deliverTurn({ workerId: "worker-test", perRound: 10, staleMs: 120_000 });
        await new Promise((r) => setTimeout(r, 30));
      }
    })();
    const submissions: string[] = [];
    const kicks: Promise<KickOutcome>[] = [];
    for (const gift of gifts) {
      const id = await submitEven(org.connection, [gift]);
      submissions.push(id);
      kicks.push(...processes.map((p) => p.kick(id)));
    }
    storing = false;
    const outcomes = await Promise.all(kicks);
    await worker;
    // Whatever a kick found waiting behind another is the worker's to finish.
    await workerDelivers();

    const batches = await Promise.all(submissions.map(batchOf));
    expect(batches.every((b) => b.status === "sent")).toBe(true);
    expect(await importCalls()).toBe(submissions.length);
    const importIds = batches.map((b) => Number(b.serviceImportId));
    expect(importIds).toEqual([...importIds].sort((x, y) => x - y));
    expect(outcomes.filter((o) => o === "failed" || o === "left")).toEqual([]);
  }, 60_000);
});
