// Templates meet each sync run's new gifts through the sync's "run finished" point
// (lib/templates/after-sync.ts, listening to lib/transactions/sync-finished.ts): the sync imports
// nothing of templates. What matching inside the run gave still holds: a worker listens by itself,
// the look runs under the run's lease, and a failed look is logged, never fails the sync, and
// leaves its gifts to the next run.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/process-slot";
import { matchTemplatesAfterSync } from "@/lib/templates/after-sync";
import type * as MatchModule from "@/lib/templates/match";
import { templateSchema } from "@/lib/templates/schema";
import { createTemplate } from "@/lib/templates/store";
import { onSyncFinished } from "@/lib/transactions/sync-finished";
import { syncTransactions } from "@/lib/transactions/sync";
import { startWorker } from "@/lib/worker/worker";
import { addServiceGift, withSyncedOrganization } from "../support/synced-org";

const looks = vi.hoisted(() => ({ failing: false }));
vi.mock("@/lib/templates/match", async (importOriginal) => {
  const real = await importOriginal<typeof MatchModule>();
  return {
    ...real,
    proposeForNewGifts: async (connectionId: string) => {
      if (looks.failing) throw new Error("the look failed");
      return real.proposeForNewGifts(connectionId);
    },
  };
});

const org = withSyncedOrganization();

/** A gift that appears at the service, of the campaign the template applies to. */
const newGift = (id: string) =>
  addServiceGift(org.emulator, { id, cents: 5_000, time: new Date(), contact: "After Sync" });

const proposed = async () =>
  (
    await db().inboxItem.findMany({
      where: { connectionId: org.connection.id },
      select: { transactionId: true },
      orderBy: { transactionId: "asc" },
    })
  ).map((item) => item.transactionId);

/** A template for the campaign of the gifts the emulator adds. */
const appealTemplate = () =>
  createTemplate(
    org.connection.id,
    templateSchema.parse({
      name: "Appeal",
      appliesTo: { kind: "campaign", value: "Annual Appeal 2026" },
      lines: [{ kind: "remainder", fund: "General" }],
    }),
  );

beforeAll(() => {
  // Whatever an earlier file left in this process: this file starts with nobody listening.
  const listening = processSlot<() => void>("apportionTemplatesAfterSync");
  listening.get()?.();
  listening.set(undefined);
});

afterEach(() => {
  looks.failing = false;
  vi.restoreAllMocks();
});

describe("templates after every complete sync run", () => {
  it("a process proposes nothing until it listens, and a worker starting makes it listen", async () => {
    await appealTemplate();
    await newGift("after-sync-1");
    await syncTransactions(org.connection.id);
    expect(await proposed()).toEqual([]);

    const worker = startWorker({
      pollMs: 20,
      without: ["deliver", "follow", "read-back", "sync", "templates", "notify", "mail", "funds", "heartbeat"],
    });
    await worker.stop({ deadlineMs: 5_000 });
    await newGift("after-sync-2");
    await syncTransactions(org.connection.id);
    // The first gift too: no look ran when it was copied, so the mark had not passed it.
    expect(await proposed()).toEqual(["after-sync-1", "after-sync-2"]);
  });

  it("the look runs after the run's last write, under its lease", async () => {
    const seen: { leaseOwner: string | null; mode: string | null }[] = [];
    const unlisten = onSyncFinished(async ({ connectionId }) => {
      seen.push(
        await db().transactionSync.findUniqueOrThrow({
          where: { connectionId },
          select: { leaseOwner: true, mode: true },
        }),
      );
    });
    try {
      await syncTransactions(org.connection.id);
    } finally {
      unlisten();
    }
    expect(seen).toEqual([{ leaseOwner: expect.stringMatching(/^web-/), mode: null }]);
    const after = await db().transactionSync.findUniqueOrThrow({ where: { connectionId: org.connection.id } });
    expect(after.leaseOwner).toBeNull();
  });

  it("a failed look is logged, never fails the sync, and the next run proposes its gifts", async () => {
    matchTemplatesAfterSync();
    await appealTemplate();
    const warn = vi.spyOn(log, "warn");
    looks.failing = true;
    await newGift("after-sync-3");
    const outcome = await syncTransactions(org.connection.id);
    expect(outcome.state).toBe("complete");
    expect(warn).toHaveBeenCalledWith("templates.match_failed", {
      connectionId: org.connection.id,
      error: expect.any(Error),
    });
    expect(await proposed()).not.toContain("after-sync-3");

    looks.failing = false;
    await syncTransactions(org.connection.id);
    expect(await proposed()).toContain("after-sync-3");
  });
});
