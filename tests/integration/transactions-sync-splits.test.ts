// The sync copies the splits made outside Apportion (lib/transactions/store-splits.ts): by their
// id, or by their place in the gift when they have none; up to date at each full read, marked
// deleted when the service no longer lists them; never touching Apportion's own splits, which
// recording an import takes over. A service that refuses or hides splits does not stop the sync:
// it reads on without them, remembers it, and the Funds page says so.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { fundsRangeSchema } from "@/lib/funds/range";
import { fundsReport } from "@/lib/funds/report";
import { getTransaction } from "@/lib/transactions/read";
import { derivedSplitKey } from "@/lib/transactions/store-splits";
import { syncTransactions } from "@/lib/transactions/sync";
import { emulatorSwitch, queryCalls } from "../support/connected-org";
import { splitOutsideApportion } from "../support/outside-split";
import { settle, submitEven, syncState, withConnectedOrganization } from "../support/synced-org";

const org = withConnectedOrganization();

const sync = async () => expect((await syncTransactions(org.connection.id)).state).toBe("complete");
/** The next run reads every gift again (a changes run does not list a gift whose splits changed). */
const fullSyncDue = () =>
  db().transactionSync.update({ where: { connectionId: org.connection.id }, data: { fullCompletedAt: new Date(0) } });
/** The copy's splits by id (in code order: the database's collation ignores punctuation). */
const known = async () =>
  (await db().knownSplit.findMany({ where: { connectionId: org.connection.id } })).sort((a, b) =>
    a.splitId < b.splitId ? -1 : a.splitId > b.splitId ? 1 : 0,
  );
const line = (s: Awaited<ReturnType<typeof known>>[number]) => [
  s.splitId,
  s.transactionId,
  Number(s.unitAmountCents) * s.quantity,
  s.fund,
  s.madeElsewhere,
  s.deletedAt === null ? "active" : "deleted",
];
const january = fundsRangeSchema.parse({ from: "2026-01-01", to: "2026-01-31" });

describe("splits made outside Apportion", () => {
  it("are copied by id or by place, kept up to date, and marked deleted when no longer listed; Apportion's own are left alone", async () => {
    // $100.00 split by another integration with its own ids; $123.45 (a gift the service made)
    // split without ids, as the service's own screens would.
    await splitOutsideApportion(org.emulator, org.connection.id, [
      { id: "other-app-1", transaction_id: "51001001", unit_amount_in_cents: 6_000, fund: "Food Purchasing" },
      { id: "other-app-2", transaction_id: "51001001", unit_amount_in_cents: 2_000, quantity: 2, fund: "Youth Nutrition" },
      { transaction_id: "51001003", unit_amount_in_cents: 10_000, fund: "Operations" },
      { transaction_id: "51001003", unit_amount_in_cents: 2_345, fund: "General" },
    ]);
    expect((await fundsReport(org.connection.id, january)).splitsElsewhere).toBe("not yet");
    await sync();
    expect((await known()).map(line)).toEqual([
      [derivedSplitKey("51001003", 1), "51001003", 10_000, "Operations", true, "active"],
      [derivedSplitKey("51001003", 2), "51001003", 2_345, "General", true, "active"],
      ["other-app-1", "51001001", 6_000, "Food Purchasing", true, "active"],
      ["other-app-2", "51001001", 4_000, "Youth Nutrition", true, "active"],
    ]);
    const [first] = await known();
    expect(first).toMatchObject({ campaign: "Apportion", quantity: 1 });
    expect((await syncState(org.connection.id)).splitsShown).toBe(true);
    expect((await fundsReport(org.connection.id, january)).splitsElsewhere).toBe("counted");
    // The gifts list shows them apart from the lines Apportion can change.
    const gift = await getTransaction(org.connection.id, "51001001");
    expect(gift?.splits).toEqual([]);
    expect(gift?.splitsElsewhere.map((s) => [s.splitId, s.unitAmountCents, s.quantity])).toEqual([
      ["other-app-1", 6_000, 1],
      ["other-app-2", 2_000, 2],
    ]);

    // Apportion splits another gift; the other integration changes its split; and the copy holds
    // a split made elsewhere that the service does not list (any more).
    expect(await settle(await submitEven(org.connection, ["51001002"]), 400)).toBe("complete");
    const apportions = (await known()).filter((s) => !s.madeElsewhere);
    expect(apportions.map((s) => s.splitId)).toEqual(["ext-1001-0002:1", "ext-1001-0002:2"]);
    await splitOutsideApportion(org.emulator, org.connection.id, [
      {
        id: "other-app-2",
        transaction_id: "51001001",
        unit_amount_in_cents: 2_000,
        quantity: 2,
        fund: "Youth Nutrition",
        deleted_at: "2026-02-01T10:00:00Z",
      },
      { id: "other-app-3", transaction_id: "51001001", unit_amount_in_cents: 4_000, fund: "Operations" },
    ]);
    await db().knownSplit.create({
      data: {
        connectionId: org.connection.id,
        splitId: derivedSplitKey("51001003", 3),
        transactionId: "51001003",
        unitAmountCents: 1n,
        quantity: 1,
        fund: "General",
        madeElsewhere: true,
      },
    });
    await fullSyncDue();
    await sync();
    expect((await known()).map(line)).toEqual([
      [derivedSplitKey("51001003", 1), "51001003", 10_000, "Operations", true, "active"],
      [derivedSplitKey("51001003", 2), "51001003", 2_345, "General", true, "active"],
      [derivedSplitKey("51001003", 3), "51001003", 1, "General", true, "deleted"],
      ["ext-1001-0002:1", "51001002", 1_250, "General", false, "active"],
      ["ext-1001-0002:2", "51001002", 1_250, "General", false, "active"],
      ["other-app-1", "51001001", 6_000, "Food Purchasing", true, "active"],
      ["other-app-2", "51001001", 4_000, "Youth Nutrition", true, "deleted"],
      ["other-app-3", "51001001", 4_000, "Operations", true, "active"],
    ]);
    // The service's own time of deletion; Apportion's rows not written at all.
    expect((await known()).find((s) => s.splitId === "other-app-2")?.deletedAt?.toISOString()).toBe(
      "2026-02-01T10:00:00.000Z",
    );
    const after = (await known()).filter((s) => !s.madeElsewhere);
    expect(after.map((s) => s.updatedAt.getTime())).toEqual(apportions.map((s) => s.updatedAt.getTime()));
    // The pickers know the names the outside splits put money in.
    const names = await db().knownName.findMany({ where: { connectionId: org.connection.id, kind: "fund" } });
    expect(names.map((n) => n.name)).toEqual(expect.arrayContaining(["Food Purchasing", "Youth Nutrition", "Operations"]));
  });

  it("a split made elsewhere that the service no longer lists is marked deleted, also when no gift shows a split", async () => {
    await sync();
    // A row the copy holds for a gift the service now shows unsplit (nothing else is split).
    await db().knownSplit.create({
      data: {
        connectionId: org.connection.id,
        splitId: "gone-app-1",
        transactionId: "51001005",
        unitAmountCents: 100_000n,
        quantity: 1,
        fund: "Operations",
        madeElsewhere: true,
      },
    });
    await fullSyncDue();
    await sync();
    expect((await known()).map(line)).toEqual([["gone-app-1", "51001005", 100_000, "Operations", true, "deleted"]]);
  });

  it("a split of Apportion's that the sync copied first is Apportion's once its import is recorded", async () => {
    await sync();
    // As if the sync read the gift between the import's completion and its recording.
    await db().knownSplit.create({
      data: {
        connectionId: org.connection.id,
        splitId: "ext-1001-0002:1",
        transactionId: "51001002",
        unitAmountCents: 1_250n,
        quantity: 1,
        fund: "General",
        madeElsewhere: true,
      },
    });
    expect(await settle(await submitEven(org.connection, ["51001002"]), 400)).toBe("complete");
    expect((await known()).map((s) => [s.splitId, s.madeElsewhere])).toEqual([
      ["ext-1001-0002:1", false],
      ["ext-1001-0002:2", false],
    ]);
  });

  it("a service that refuses or hides splits: the sync reads on without them, remembers it, and asks again at the next full read", async () => {
    await splitOutsideApportion(org.emulator, org.connection.id, [
      { id: "other-app-1", transaction_id: "51001001", unit_amount_in_cents: 10_000, fund: "Operations" },
    ]);
    await sync();
    expect((await known()).map(line)).toEqual([["other-app-1", "51001001", 10_000, "Operations", true, "active"]]);

    // Refused (a strict service: 400 for the unknown field): the full read goes on without.
    await emulatorSwitch(org.emulator, "settings", { query_splits: "refused" });
    await splitOutsideApportion(org.emulator, org.connection.id, [
      { transaction_id: "51001004", unit_amount_in_cents: 500, fund: "Operations" },
    ]);
    await fullSyncDue();
    let calls = await queryCalls(org.emulator);
    await sync();
    // One page of 13 gifts, asked twice: with splits (refused), then without.
    expect((await queryCalls(org.emulator)) - calls).toBe(2);
    expect(await db().knownTransaction.count({ where: { connectionId: org.connection.id } })).toBe(13);
    expect(await syncState(org.connection.id)).toMatchObject({ splitsShown: false, lastError: null });
    // What was not shown is left as it was: neither the new split nor a removal.
    expect((await known()).map(line)).toEqual([["other-app-1", "51001001", 10_000, "Operations", true, "active"]]);
    expect((await fundsReport(org.connection.id, january)).splitsElsewhere).toBe("not shown");

    // A changes run then does not ask: the changes page and the total, as without splits.
    calls = await queryCalls(org.emulator);
    await sync();
    expect((await queryCalls(org.emulator)) - calls).toBe(2);

    // Hidden (a service that ignores what it does not know): the same, without a refusal.
    await emulatorSwitch(org.emulator, "settings", { query_splits: "ignored" });
    await fullSyncDue();
    calls = await queryCalls(org.emulator);
    await sync();
    expect((await queryCalls(org.emulator)) - calls).toBe(1);
    expect((await syncState(org.connection.id)).splitsShown).toBe(false);
    expect(await known()).toHaveLength(1);

    // Shown again: the next full read asks, and brings what was missed.
    await emulatorSwitch(org.emulator, "settings", {});
    await fullSyncDue();
    await sync();
    expect((await syncState(org.connection.id)).splitsShown).toBe(true);
    expect((await known()).map(line)).toEqual([
      [derivedSplitKey("51001004", 1), "51001004", 500, "Operations", true, "active"],
      ["other-app-1", "51001001", 10_000, "Operations", true, "active"],
    ]);
    expect((await fundsReport(org.connection.id, january)).splitsElsewhere).toBe("counted");
  });
});
