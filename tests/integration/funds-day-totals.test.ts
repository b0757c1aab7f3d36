// The Funds page's per-day totals (lib/funds/fold.ts, held.ts) against a full recount from every
// gift (lib/funds/totals.ts), through each way the copy changes: a sync, a submission, a gift
// deleted at the service and a gift split at the service outside Apportion. After each change the
// page is compared twice: before the worker folds (the changed days are dirty and counted from the
// copy) and after (every day from its stored totals).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { sql } from "@/lib/db-sql";
import { foldFundsTotals, foldFundsTurn } from "@/lib/funds/fold";
import { moneyHeld } from "@/lib/funds/held";
import { recountMoneyHeld } from "@/lib/funds/totals";
import { emulatorSwitch } from "../support/connected-org";
import { splitOutsideApportion } from "../support/outside-split";
import { settle, submitEven, withSyncedOrganization } from "../support/synced-org";
import { syncTransactions } from "@/lib/transactions/sync";
import { pool } from "@/lib/db";

const org = withSyncedOrganization();
const DAY_MS = 86_400_000;
const utcDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/** Every day of the copy, the last year, and the day of `gift` alone. */
function rangesAround(gift?: { occurredAt: Date }) {
  const today = utcDay(new Date());
  const ranges = [
    { start: new Date(Date.UTC(2000, 0, 1)), end: new Date(Date.UTC(2100, 0, 1)) },
    { start: new Date(today.getTime() - 365 * DAY_MS), end: new Date(today.getTime() + DAY_MS) },
  ];
  if (gift) {
    const day = utcDay(gift.occurredAt);
    ranges.push({ start: day, end: new Date(day.getTime() + DAY_MS) });
  }
  return ranges;
}

const dirtyDays = async () =>
  (
    await sql<{ day: string }>`
    SELECT DISTINCT day::text AS day FROM "FundsDirtyDay" WHERE "connectionId" = ${org.connection.id}::uuid ORDER BY 1`
  ).map((r) => r.day);

/** The page's answer equals the recount for each range; not an agreement of empty answers. */
async function expectRecount(gift?: { occurredAt: Date }) {
  for (const range of rangesAround(gift)) {
    const recount = await recountMoneyHeld(org.connection.id, range);
    expect(await moneyHeld(org.connection.id, range)).toEqual(recount);
    expect(recount.funds.length).toBeGreaterThan(0);
  }
}

/** Folded: nothing dirty, and the page still equals the recount. */
async function foldAndCompare(gift?: { occurredAt: Date }) {
  expect((await foldFundsTotals(org.connection.id))?.days).not.toBe(0);
  expect(await dirtyDays()).toEqual([]);
  await expectRecount(gift);
}

const dayOf = (gift: { occurredAt: Date }) => gift.occurredAt.toISOString().slice(0, 10);

async function copiedGift(filter: { minCents?: number } = {}) {
  return db().knownTransaction.findFirstOrThrow({
    where: { connectionId: org.connection.id, amountCents: { gte: BigInt(filter.minCents ?? 2) } },
    orderBy: { transactionId: "asc" },
  });
}

/** The next full read (at least daily) brings what a changes-only read does not see. */
async function fullSync() {
  await db().transactionSync.update({
    where: { connectionId: org.connection.id },
    data: { fullCompletedAt: new Date(0) },
  });
  expect((await syncTransactions(org.connection.id)).state).toBe("complete");
}

describe("the Funds page's day totals", () => {
  it("are built by the first fold, then follow a sync's new gifts, dirty and folded", async () => {
    // Not built yet: the page recounts.
    await expectRecount();
    expect(await foldFundsTotals(org.connection.id)).toEqual({ connectionId: org.connection.id, days: "all" });
    expect(await dirtyDays()).toEqual([]);
    const [stored] = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM "FundsDayTotal" WHERE "connectionId" = ${org.connection.id}::uuid`;
    expect(Number(stored!.n)).toBeGreaterThan(0);
    await expectRecount();

    await emulatorSwitch(org.emulator, "organizations/1001/generate", { count: 400, seed: 33 });
    expect((await syncTransactions(org.connection.id)).state).toBe("complete");
    expect((await dirtyDays()).length).toBeGreaterThan(0);
    await expectRecount();
    await foldAndCompare();
    // Nothing changed since: the next fold has nothing to do.
    expect(await foldFundsTotals(org.connection.id)).toEqual({ connectionId: org.connection.id, days: 0 });
  });

  it("follow a submission Apportion sent, on the gift's day only", async () => {
    await foldFundsTotals(org.connection.id);
    const gift = await copiedGift();
    const sent = await submitEven(org.connection, [gift.transactionId], { line: { fund: "Operations" } });
    expect(await settle(sent, 400)).toBe("complete");
    expect(await dirtyDays()).toEqual([dayOf(gift)]);
    await expectRecount(gift);
    await foldAndCompare(gift);
    const [, , oneDay] = rangesAround(gift);
    expect((await moneyHeld(org.connection.id, oneDay!)).funds.map((f) => f.fund)).toContain("Operations");
  });

  it("follow a gift deleted at the service", async () => {
    await foldFundsTotals(org.connection.id);
    const gift = await copiedGift();
    const before = await moneyHeld(org.connection.id, rangesAround()[0]!);
    await emulatorSwitch(org.emulator, "organizations/1001/delete", { ids: [gift.transactionId] });
    await fullSync();
    expect(
      await db().knownTransaction.count({
        where: { connectionId: org.connection.id, transactionId: gift.transactionId },
      }),
    ).toBe(0);
    expect(await dirtyDays()).toContain(dayOf(gift));
    await expectRecount();
    await foldAndCompare();
    expect((await moneyHeld(org.connection.id, rangesAround()[0]!)).gifts).toBe(before.gifts - 1);
  });

  it("follow a gift split at the service outside Apportion", async () => {
    await foldFundsTotals(org.connection.id);
    const gift = await copiedGift({ minCents: 1_000 });
    await splitOutsideApportion(org.emulator, org.connection.id, [
      { id: "other-app-1", transaction_id: gift.transactionId, unit_amount_in_cents: 600, fund: "Youth Nutrition" },
      {
        id: "other-app-2",
        transaction_id: gift.transactionId,
        unit_amount_in_cents: Number(gift.amountCents) - 600,
        fund: "Food Purchasing",
      },
    ]);
    await fullSync();
    expect(await dirtyDays()).toContain(dayOf(gift));
    await expectRecount(gift);
    await foldAndCompare(gift);
    const [, , oneDay] = rangesAround(gift);
    expect((await moneyHeld(org.connection.id, oneDay!)).funds.map((f) => f.fund)).toEqual(
      expect.arrayContaining(["Youth Nutrition", "Food Purchasing"]),
    );
  });

  it("are folded by one process at a time: a fold finding another at work leaves the days to it", async () => {
    await foldFundsTotals(org.connection.id);
    const other = await pool().connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [
        `apportion.funds:${org.connection.id}`,
      ]);
      expect(await foldFundsTotals(org.connection.id)).toBeNull();
      await other.query("COMMIT");
    } finally {
      other.release();
    }
    expect(await foldFundsTotals(org.connection.id)).toEqual({ connectionId: org.connection.id, days: 0 });
  });

  it("of a connection that is gone are dropped with it, dirty days included", async () => {
    await foldFundsTotals(org.connection.id);
    const gift = await copiedGift();
    await db().knownTransaction.update({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId: gift.transactionId } },
      data: { fund: "Somewhere else" },
    });
    expect(await dirtyDays()).toEqual([dayOf(gift)]);
    await db().connection.delete({ where: { id: org.connection.id } });
    // The worker's turn drops its dirty rows and writes nothing for it.
    await foldFundsTurn();
    expect(await dirtyDays()).toEqual([]);
    const [left] = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM "FundsDayTotal" WHERE "connectionId" = ${org.connection.id}::uuid`;
    expect(left!.n).toBe("0");
  });
});
