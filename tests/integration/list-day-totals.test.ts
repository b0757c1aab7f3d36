// The gifts list's count and sum from the per-day totals (lib/transactions/list-day-totals.ts)
// equal the count over the gifts themselves (listTotals) for every filter they answer: none, each
// campaign by id, each fund (General included), with and without whole-day dates; before the
// worker folds a change (its days counted from the copy) and after. Gifts split by Apportion and
// outside it are among them, so "where the money is" is what both count.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { foldFundsTotals } from "@/lib/funds/fold";
import { listTotalsByDay } from "@/lib/transactions/list-day-totals";
import { listTotals } from "@/lib/transactions/list-page";
import { type GiftFilters, transactionFiltersSchema } from "@/lib/transactions/filters";
import { whereFor } from "@/lib/transactions/read";
import { syncTransactions } from "@/lib/transactions/sync";
import { emulatorSwitch } from "../support/connected-org";
import { splitOutsideApportion } from "../support/outside-split";
import { settle, submitEven, withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();
const id = () => org.connection.id;

async function filterSets(): Promise<GiftFilters[]> {
  const [campaigns, funds, splitCampaigns, splitFunds] = await Promise.all([
    db().knownTransaction.findMany({
      where: { connectionId: id() },
      distinct: ["campaignId"],
      select: { campaignId: true },
    }),
    db().knownTransaction.findMany({ where: { connectionId: id() }, distinct: ["fund"], select: { fund: true } }),
    db().knownSplit.findMany({ where: { connectionId: id() }, distinct: ["campaignId"], select: { campaignId: true } }),
    db().knownSplit.findMany({ where: { connectionId: id() }, distinct: ["fund"], select: { fund: true } }),
  ]);
  const campaignIds = new Set([...campaigns, ...splitCampaigns].flatMap((c) => (c.campaignId ? [c.campaignId] : [])));
  const fundNames = new Set(["General", ...[...funds, ...splitFunds].flatMap((f) => (f.fund ? [f.fund] : []))]);
  const year = new Date().getUTCFullYear();
  const dates: Record<string, string>[] = [
    {},
    { after: `${year}-01-01` },
    { after: `${year - 1}-03-01`, before: `${year - 1}-09-30` },
  ];
  const sets: Record<string, string>[] = [];
  for (const d of dates) {
    sets.push({ ...d });
    for (const campaignId of campaignIds) sets.push({ ...d, campaignId });
    for (const fund of fundNames) sets.push({ ...d, fund });
  }
  sets.push({ campaignId: "no-such-campaign" });
  expect(campaignIds.size).toBeGreaterThan(1);
  return sets.map((s) => transactionFiltersSchema.parse(s));
}

async function expectSameTotals() {
  for (const filters of await filterSets()) {
    const byDay = await listTotalsByDay(id(), filters);
    expect(byDay, JSON.stringify(filters)).not.toBeNull();
    expect(byDay, JSON.stringify(filters)).toEqual(await listTotals(await whereFor(id(), filters)));
  }
}

describe("the gifts list's totals from the day totals", () => {
  it("equal the count over the gifts for each campaign, fund and dates, before and after a fold", async () => {
    // Not built: the list counts the gifts themselves.
    expect(await listTotalsByDay(id(), transactionFiltersSchema.parse({}))).toBeNull();
    await emulatorSwitch(org.emulator, "organizations/1001/generate", { count: 600, seed: 41 });
    expect((await syncTransactions(id())).state).toBe("complete");
    await foldFundsTotals(id());
    await expectSameTotals();

    // Apportion splits two gifts into another campaign and fund; another is split outside it.
    const gifts = await db().knownTransaction.findMany({
      where: { connectionId: id(), amountCents: { gte: 1_000n }, campaignId: { not: null } },
      orderBy: { transactionId: "asc" },
      take: 3,
    });
    const [a, b, c] = gifts;
    if (!a || !b || !c) throw new Error("too few gifts of $10.00 or more with a campaign");
    const sent = await submitEven(org.connection, [a.transactionId, b.transactionId], {
      line: { fund: "Operations", campaign: "Winter Appeal", campaignId: "c-winter" },
    });
    expect(await settle(sent, 400)).toBe("complete");
    await splitOutsideApportion(org.emulator, id(), [
      { id: "other-1", transaction_id: c.transactionId, unit_amount_in_cents: 500, fund: "Youth Nutrition" },
      {
        id: "other-2",
        transaction_id: c.transactionId,
        unit_amount_in_cents: Number(c.amountCents) - 500,
        fund: "Operations",
      },
    ]);
    await db().transactionSync.update({ where: { connectionId: id() }, data: { fullCompletedAt: new Date(0) } });
    expect((await syncTransactions(id())).state).toBe("complete");
    // Dirty, then folded.
    await expectSameTotals();
    await foldFundsTotals(id());
    await expectSameTotals();
  }, 60_000);

  it("leave the filters they do not hold to the count over the gifts", async () => {
    await foldFundsTotals(id());
    for (const input of [{ search: "a" }, { split: "split" }, { campaignId: "c1", fund: "General" }]) {
      expect(await listTotalsByDay(id(), transactionFiltersSchema.parse(input))).toBeNull();
    }
  });
});
