// Gifts that share one instant (a batch entered at once): the sync pages by time, so an instant
// holding more than a page of gifts is where counting and resuming can go wrong.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { syncTransactions } from "@/lib/transactions/sync";
import { runSync } from "@/lib/transactions/sync-run";
import { emulatorSwitch } from "../support/connected-org";
import { copiedIds as copiedOf, syncState as syncOf, withConnectedOrganization } from "../support/synced-org";

const org = withConnectedOrganization();

/** Older than every generated gift: the 120 come last in the newest-first query. */
const INSTANT = "2001-01-01T00:00:00.000Z";
const post = <T>(path: string, body: unknown) => emulatorSwitch<T>(org.emulator, `organizations/1001/${path}`, body);

const copiedIds = () => copiedOf(org.connection.id);
const syncState = () => syncOf(org.connection.id);

describe("gifts that share one instant", () => {
  it(
    "are counted once by a re-read that stopped among them and resumed elsewhere, so deletions are still removed",
    { timeout: 60_000 },
    async () => {
      await post("generate", { count: 1_000, seed: 14 });
      await post("generate", { count: 120, seed: 8, at: INSTANT });
      expect((await syncTransactions(org.connection.id)).state).toBe("complete");
      expect((await copiedIds()).size).toBe(1133);
      const { deleted } = await post<{ deleted: string[] }>("delete", { count: 5, seed: 21 });

      // The next run finds the copy larger than the service and re-reads it in full; it stops
      // after 21 pages of the re-read, which ends among the 120.
      let pages = 0;
      const stopped = await runSync(org.connection.id, "instance-a", { shouldStop: () => pages++ >= 22 });
      expect(stopped.state).toBe("unfinished");
      const cursor = (await syncState()).resumeBefore;
      expect(cursor?.toISOString()).toBe(INSTANT);
      const runStartedAt = (await syncState()).runStartedAt!;
      const readAtInstant = await db().knownTransaction.count({
        where: { connectionId: org.connection.id, occurredAt: new Date(INSTANT), syncedAt: { gte: runStartedAt } },
      });
      expect(readAtInstant).toBeGreaterThan(0);
      expect(readAtInstant).toBeLessThan(120);

      // Another process resumes from the instant: its new query lists the 120 again, and the run
      // counts the ones it already read once, so it expects exactly what the service holds.
      expect((await runSync(org.connection.id, "instance-b")).state).toBe("complete");
      const after = await copiedIds();
      expect(after.size).toBe(1128);
      for (const id of deleted) expect(after.has(id)).toBe(false);
      const sync = await syncState();
      expect(sync.mode).toBeNull();
      expect(sync.expected).toBe(1128);
    },
  );

  it(
    "stop a service that pages without query tokens with a clear error instead of a loop",
    { timeout: 30_000 },
    async () => {
      await post("generate", { count: 200, seed: 14 });
      await post("generate", { count: 120, seed: 8, at: INSTANT });
      // Without tokens each page is a new query from the oldest instant read so far: the same first
      // 50 of the 120 every time, so the copy cannot get past them.
      await emulatorSwitch(org.emulator, "settings", { query_paging: "no_token" });
      await expect(syncTransactions(org.connection.id)).rejects.toThrow(
        "more than a page of gifts at 2001-01-01T00:00:00.000Z",
      );
      const sync = await syncState();
      expect(sync.lastError).toMatch(/without a query token/);
      expect(sync.mode).toBe("full");
      // What came before the instant is copied and usable.
      expect((await copiedIds()).size).toBeGreaterThanOrEqual(213 + 50);
    },
  );
});
