// The transactions sync at scale: every gift copied, changes-only later runs, resuming
// an interrupted run, and one sync per organization across instances.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "@/emulator/server";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import type { Connection } from "@/lib/generated/prisma/client";
import { notCopiedMessage } from "@/lib/transactions/not-copied";
import { transactionFiltersSchema } from "@/lib/transactions/filters";
import { listTransactions, resolveTransactionId } from "@/lib/transactions/read";
import { syncTransactions } from "@/lib/transactions/sync";
import { runSync } from "@/lib/transactions/sync-run";
import { resetTables } from "../support/app-db";
import { connectOrganization, emulatorSwitch, queryCalls } from "../support/connected-org";

const clock = { offsetMs: 0 };
let emulator: RunningEmulator;
let connection: Connection;

beforeAll(async () => {
  // The emulator's clock can run ahead of the app's, to lapse query tokens without waiting.
  emulator = await startEmulator({ port: 0, importDelayMs: 0, now: () => Date.now() + clock.offsetMs });
  process.env.SERVICE_BASE_URL = emulator.url;
  clearEnvCache();
});
afterAll(() => emulator.close());
beforeEach(async () => {
  clock.offsetMs = 0;
  await resetTables();
  await emulatorSwitch(emulator, "reset");
  connection = await connectOrganization(emulator);
});

async function generate(count: number) {
  await emulatorSwitch(emulator, "organizations/1001/generate", { count, seed: 14 });
}

const copied = () => db().knownTransaction.count({ where: { connectionId: connection.id } });
const filters = (input: Record<string, string>) => transactionFiltersSchema.parse(input);

describe("a first sync and a changes-only sync", () => {
  it("copies all of 25,000 gifts, then fetches only the 10 changed at the service", { timeout: 120_000 }, async () => {
    await generate(25_000);
    const started = new Date();
    const first = await syncTransactions(connection.id);
    expect(first.state).toBe("complete");
    expect(await copied()).toBe(25_013);
    // A complete run is a successful answer from the service: settings' health line says so.
    const checked = await db().connection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(checked.lastCheckedAt!.getTime()).toBeGreaterThanOrEqual(started.getTime());
    // The oldest gift, far past the old 20,000 limit, is found by its id and its external id.
    const oldest = await db().knownTransaction.findFirstOrThrow({
      where: { connectionId: connection.id, externalId: { not: null } },
      orderBy: { occurredAt: "asc" },
    });
    for (const search of [oldest.transactionId, oldest.externalId ?? ""]) {
      const page = await listTransactions(connection.id, filters({ search }));
      expect(page.items.map((t) => t.transactionId)).toContain(oldest.transactionId);
    }

    const answer = await fetch(`${emulator.url}/__emulator/organizations/1001/change`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ count: 10, seed: 5 }),
    });
    const { changed } = (await answer.json()) as { changed: string[] };
    const callsBefore = await queryCalls(emulator);
    const later = await syncTransactions(connection.id);
    expect(later).toMatchObject({ state: "complete", copied: 10 });
    // One page of changes, and one call for the service's total that guards against a misread.
    expect((await queryCalls(emulator)) - callsBefore).toBe(2);
    const rows = await db().knownTransaction.findMany({
      where: { connectionId: connection.id, transactionId: { in: changed } },
    });
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.contactName).toMatch(/\(edited\)$/);
  });

  it("finds an amount typed as money, and treats % and _ in a search as text", async () => {
    await syncTransactions(connection.id);
    const hundred = await listTransactions(connection.id, filters({ search: "100.01" }));
    expect(hundred.items.map((t) => t.amountCents)).toEqual([10001]);
    expect((await listTransactions(connection.id, filters({ search: "%" }))).total).toBe(0);
    expect((await listTransactions(connection.id, filters({ search: "maria" }))).total).toBeGreaterThan(0);
  });
});

describe("a changes-only sync that cannot be trusted", () => {
  it("turns into a full re-read when the copy then holds fewer gifts than the service", async () => {
    await syncTransactions(connection.id);
    // A gift the changes query would not return (unchanged) but the copy lacks.
    await db().knownTransaction.delete({
      where: { connectionId_transactionId: { connectionId: connection.id, transactionId: "51001001" } },
    });
    const later = await syncTransactions(connection.id);
    expect(later.state).toBe("complete");
    expect(await copied()).toBe(13);
    const sync = await db().transactionSync.findUniqueOrThrow({ where: { connectionId: connection.id } });
    expect(sync.mode).toBeNull();
  });
});

describe("an interrupted sync", () => {
  it("resumes where it stopped in another process, without re-reading", { timeout: 60_000 }, async () => {
    await generate(2_000);
    let pages = 0;
    const stopped = await runSync(connection.id, "instance-a", { shouldStop: () => pages++ >= 10 });
    expect(stopped).toMatchObject({ state: "unfinished", copied: 500, calls: 10 });
    const progress = await db().transactionSync.findUniqueOrThrow({ where: { connectionId: connection.id } });
    expect(progress).toMatchObject({ mode: "full", copied: 500, expected: 2013 });
    // What is copied opens at once, by id or external id; the rest says how far the copy is.
    const newest = await db().knownTransaction.findFirstOrThrow({
      where: { connectionId: connection.id, externalId: { not: null } },
      orderBy: { occurredAt: "desc" },
    });
    expect(await resolveTransactionId(connection.id, newest.externalId ?? "")).toBe(newest.transactionId);
    expect(await resolveTransactionId(connection.id, "not-a-gift")).toBeNull();
    expect(await notCopiedMessage(connection.id)).toContain("500 of about 2,013 gifts copied");

    const callsBefore = await queryCalls(emulator);
    const resumed = await runSync(connection.id, "instance-b");
    expect(resumed.state).toBe("complete");
    expect(await copied()).toBe(2013);
    // Only the gift at the cursor's instant is read twice (the `before` bound is made inclusive).
    expect(resumed.copied).toBeGreaterThanOrEqual(2013 - 500);
    expect(resumed.copied).toBeLessThanOrEqual(2013 - 500 + 1);
    expect((await queryCalls(emulator)) - callsBefore).toBe(31);
  });

  it("goes on from its cursor when the query token lapses midway", { timeout: 60_000 }, async () => {
    await generate(2_000);
    let pages = 0;
    // After the 5th page the service's clock jumps 6 minutes: the token has expired.
    const run = await runSync(connection.id, "instance-a", {
      shouldStop: () => {
        if (++pages === 6) clock.offsetMs = 6 * 60_000;
        return false;
      },
    });
    expect(run.state).toBe("complete");
    expect(await copied()).toBe(2013);
    expect(run.copied).toBeLessThanOrEqual(2013 + 1);
    // 41 pages, one refused token, and a new query from the cursor.
    expect(run.calls).toBeLessThanOrEqual(43);
  });
});

describe("one sync per organization", () => {
  it("lets a second instance wait while the first holds the lease, and take over a lapsed one", async () => {
    await generate(1_000);
    await emulatorSwitch(emulator, "faults", { latency_ms: 5 });
    const before = await queryCalls(emulator);
    const [a, b] = await Promise.all([runSync(connection.id, "instance-a"), runSync(connection.id, "instance-b")]);
    await emulatorSwitch(emulator, "faults", {});
    expect([a.state, b.state].sort()).toEqual(["busy", "complete"]);
    // One pass: 21 pages of 50, read once.
    expect((await queryCalls(emulator)) - before).toBe(21);

    // A holder that stopped without releasing: its lease lapses and another instance goes on.
    await db().transactionSync.update({
      where: { connectionId: connection.id },
      data: { leaseOwner: "crashed", leaseUntil: new Date(Date.now() + 60_000), requestedAt: new Date() },
    });
    expect((await runSync(connection.id, "instance-b")).state).toBe("busy");
    await db().transactionSync.update({
      where: { connectionId: connection.id },
      data: { leaseUntil: new Date(Date.now() - 1) },
    });
    expect((await runSync(connection.id, "instance-b")).state).toBe("complete");
  });
});
