// A full run cut into time windows read at once: each window resumes from its own
// cursor after a restart or a lapsed query token, counts stay exact (no gift counted twice, gifts
// at a window's edge in exactly one window), and deletions are still removed.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "@/emulator/server";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import type { Connection } from "@/lib/generated/prisma/client";
import { runSync } from "@/lib/transactions/sync-run";
import { SLICING } from "@/lib/transactions/sync-windows";
import { resetTables } from "../support/app-db";
import { connectOrganization, emulatorSwitch, queryCalls } from "../support/connected-org";

const clock = { offsetMs: 0 };
let emulator: RunningEmulator;
let connection: Connection;
const slicing = { ...SLICING };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, importDelayMs: 0, now: () => Date.now() + clock.offsetMs });
  process.env.SERVICE_BASE_URL = emulator.url;
  clearEnvCache();
});
afterAll(() => emulator.close());
beforeEach(async () => {
  // Small organizations sliced as a large one would be: 3,013 gifts in 7 windows.
  Object.assign(SLICING, { fromGifts: 500, giftsPerWindow: 500 });
  clock.offsetMs = 0;
  await resetTables();
  await emulatorSwitch(emulator, "reset");
  connection = await connectOrganization(emulator);
});
afterEach(() => void Object.assign(SLICING, slicing));

const generate = (body: Record<string, unknown>) => emulatorSwitch(emulator, "organizations/1001/generate", body);
const copied = () => db().knownTransaction.count({ where: { connectionId: connection.id } });
const syncRow = () => db().transactionSync.findUniqueOrThrow({ where: { connectionId: connection.id } });
const windows = () =>
  db().transactionSyncWindow.findMany({ where: { connectionId: connection.id }, orderBy: { position: "asc" } });

/** A full re-read from scratch, as the daily one starts. */
async function startFullRun() {
  await db().transactionSync.update({
    where: { connectionId: connection.id },
    data: { mode: "full", runStartedAt: new Date(), resumeBefore: null, copied: 0, expected: null },
  });
}

describe("a first copy in windows", () => {
  it(
    "reads windows at once, resumes each from its own cursor after a restart, counting every gift once",
    { timeout: 120_000 },
    async () => {
      await generate({ count: 3_000, seed: 22 });
      await emulatorSwitch(emulator, "realism", { latency: { median_ms: 15, p99_ms: 30 } });
      let pages = 0;
      // The process stops after 30 pages, mid-run.
      const stopped = await runSync(connection.id, "instance-a", { shouldStop: () => ++pages > 30 });
      expect(stopped.state).toBe("unfinished");
      const planned = await windows();
      expect(planned.length).toBe(7);
      expect(planned[0]!.after).toBeNull();
      expect(planned.at(-1)!.before).toBeNull();
      // Several windows were read at once, and more than one got somewhere.
      const realism = (await (await fetch(`${emulator.url}/__emulator/realism`)).json()) as {
        stats: { most_at_once: number };
      };
      expect(realism.stats.most_at_once).toBeGreaterThan(1);
      expect(planned.filter((w) => w.resumeBefore !== null).length).toBeGreaterThan(1);
      const before = await syncRow();
      expect(before.copied).toBe(await copied());
      expect(before.copied).toBeLessThan(3_013);

      // Another process goes on: each window from its cursor, not from the top.
      const calls = await queryCalls(emulator);
      const resumed = await runSync(connection.id, "instance-b");
      expect(resumed.state).toBe("complete");
      expect(await copied()).toBe(3_013);
      const after = await syncRow();
      expect(after.copied).toBe(3_013);
      expect(after.expected).toBe(3_013);
      expect(after.mode).toBeNull();
      expect(await windows()).toEqual([]);
      // 61 pages in all were needed; the second process read at most one page again per window.
      const remaining = Math.ceil((3_013 - before.copied) / 50);
      expect((await queryCalls(emulator)) - calls).toBeLessThanOrEqual(remaining + 2 * planned.length);
    },
  );

  it(
    "goes on from a window's cursor when its query token lapses, counting every gift once",
    { timeout: 120_000 },
    async () => {
      await generate({ count: 3_000, seed: 23 });
      let pages = 0;
      const run = await runSync(connection.id, "instance-a", {
        shouldStop: () => {
          // Mid-run the service's clock jumps 6 minutes: the windows' tokens have expired.
          if (++pages === 20) clock.offsetMs = 6 * 60_000;
          return false;
        },
      });
      expect(run.state).toBe("complete");
      expect(await copied()).toBe(3_013);
      expect((await syncRow()).copied).toBe(3_013);
      expect((await syncRow()).expected).toBe(3_013);
    },
  );

  it(
    "puts the gifts at a window's edge in one window: none lost, none counted twice",
    { timeout: 120_000 },
    async () => {
      const edge = "2024-12-31T12:00:00.000Z";
      // More than a page at the edge's instant, and gifts on both sides of it.
      await generate({ count: 120, seed: 4, at: edge });
      await generate({ count: 900, seed: 5 });
      // A run whose plan put an edge exactly at that instant.
      await db().transactionSync.create({
        data: { connectionId: connection.id, mode: "full", runStartedAt: new Date(), copied: 0 },
      });
      await db().transactionSyncWindow.createMany({
        data: [
          { connectionId: connection.id, position: 0, after: null, before: new Date(edge) },
          { connectionId: connection.id, position: 1, after: new Date(edge), before: null },
        ],
      });
      // Stopped once inside the tie: the newer window resumes at the edge's instant.
      let pages = 0;
      await runSync(connection.id, "instance-a", { shouldStop: () => ++pages > 12 });
      const run = await runSync(connection.id, "instance-b");
      expect(run.state).toBe("complete");
      expect(await copied()).toBe(1_033);
      const sync = await syncRow();
      expect(sync.copied).toBe(1_033);
      expect(sync.expected).toBe(1_033);
      const atEdge = await db().knownTransaction.count({
        where: { connectionId: connection.id, occurredAt: new Date(edge) },
      });
      expect(atEdge).toBeGreaterThanOrEqual(120);
    },
  );

  it(
    "removes gifts deleted at the service at the end of a sliced re-read, and only those",
    { timeout: 120_000 },
    async () => {
      await generate({ count: 3_000, seed: 24 });
      expect((await runSync(connection.id, "instance-a")).state).toBe("complete");
      const { deleted } = await emulatorSwitch<{ deleted: string[] }>(emulator, "organizations/1001/delete", {
        count: 5,
        seed: 9,
      });
      await startFullRun();
      let pages = 0;
      await runSync(connection.id, "instance-a", { shouldStop: () => ++pages > 25 });
      expect((await runSync(connection.id, "instance-b")).state).toBe("complete");
      const left = await db().knownTransaction.findMany({
        where: { connectionId: connection.id },
        select: { transactionId: true },
      });
      expect(left).toHaveLength(3_008);
      const ids = new Set(left.map((t) => t.transactionId));
      for (const id of deleted) expect(ids.has(id)).toBe(false);
    },
  );
});
