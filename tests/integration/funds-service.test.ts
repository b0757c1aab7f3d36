// "Where the money is" agrees with the service: for a range, the page's totals per fund
// and per campaign (money, and gifts with money there) equal what the emulator holds, worked out
// from the emulator itself: each gift by its active splits, or whole in its own fund when it has
// none. Among the range's gifts: some split through Apportion, some split at the service outside
// Apportion (with ids and without, one with quantities, the $100.01 gift into two funds), and one
// whose outside split was removed again. The copy is read in windows at once, as a large
// organization's is.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withServiceAccess } from "@/lib/connections/service-access";
import { db } from "@/lib/db";
import { foldFundsTotals } from "@/lib/funds/fold";
import { fundsRangeSchema } from "@/lib/funds/range";
import { fundsReport } from "@/lib/funds/report";
import { queryTransactions, type ServiceTransaction } from "@/lib/service/transactions";
import { SLICING } from "@/lib/transactions/sync-windows";
import { syncTransactions } from "@/lib/transactions/sync";
import { emulatorSwitch } from "../support/connected-org";
import { emulatorSplits, splitOutsideApportion } from "../support/outside-split";
import { settle, submitEven, withConnectedOrganization } from "../support/synced-org";

const org = withConnectedOrganization();
const slicing = { ...SLICING };
beforeEach(() => void Object.assign(SLICING, { fromGifts: 1_000, giftsPerWindow: 500 }));
afterEach(() => void Object.assign(SLICING, slicing));

const DAY_MS = 86_400_000;

/** Every gift the emulator lists, through the query API (no splits asked). */
async function serviceGifts(): Promise<ServiceTransaction[]> {
  const gifts: ServiceTransaction[] = [];
  let queryToken: string | undefined;
  for (;;) {
    const answer = await withServiceAccess(org.connection.id, (token, target) =>
      queryTransactions(target, token, queryToken ? { queryToken } : { query: {} }),
    );
    gifts.push(...answer.results);
    if (!answer.has_more || !answer.query_token) return gifts;
    queryToken = answer.query_token;
  }
}

type Place = { cents: number; gifts: Set<string> };

/** Per fund and per campaign name: the range's gifts by their active splits at the emulator, or
 *  whole in their own fund ("General" when they name none). */
async function heldAtService(range: { start: Date; end: Date }) {
  const inRange = (await serviceGifts()).filter((g) => {
    const at = Date.parse(g.transaction_time ?? "");
    return at >= range.start.getTime() && at < range.end.getTime();
  });
  const active = (await emulatorSplits(org.emulator)).filter((s) => s.deleted_at === null);
  const funds = new Map<string, Place>();
  const campaigns = new Map<string, Place>();
  const add = (places: Map<string, Place>, name: string, gift: string, cents: number) => {
    const place = places.get(name) ?? { cents: 0, gifts: new Set<string>() };
    place.cents += cents;
    place.gifts.add(gift);
    places.set(name, place);
  };
  for (const gift of inRange) {
    const splits = active.filter((s) => s.transaction_id === gift.id);
    const holdings =
      splits.length > 0
        ? splits.map((s) => ({ fund: s.fund, campaign: s.campaign, cents: s.unit_amount_in_cents * s.quantity }))
        : [{ fund: gift.fund ?? "General", campaign: gift.campaign ?? "", cents: gift.amount_in_cents }];
    for (const h of holdings) {
      add(funds, h.fund, gift.id, h.cents);
      add(campaigns, h.campaign, gift.id, h.cents);
    }
  }
  const rows = (places: Map<string, Place>) =>
    [...places].map(([name, p]) => [name, p.cents, p.gifts.size] as const).sort((a, b) => a[0].localeCompare(b[0]));
  return { gifts: inRange.length, funds: rows(funds), campaigns: rows(campaigns) };
}

/** Gifts of the copy in the range with at least `cents`, oldest first. */
async function giftsInRange(range: { start: Date; end: Date }, cents: number) {
  return db().knownTransaction.findMany({
    where: {
      connectionId: org.connection.id,
      occurredAt: { gte: range.start, lt: range.end },
      amountCents: { gte: BigInt(cents) },
    },
    orderBy: [{ occurredAt: "asc" }, { transactionId: "asc" }],
    take: 10,
  });
}

describe("the funds page against the service", () => {
  it("sums the range as the service holds it: active splits, Apportion's or not, else the gift whole", async () => {
    await emulatorSwitch(org.emulator, "organizations/1001/generate", { count: 3_000, seed: 29 });
    expect((await syncTransactions(org.connection.id)).state).toBe("complete");
    const today = new Date().toISOString().slice(0, 10);
    const range = fundsRangeSchema.parse({
      from: new Date(Date.now() - 2 * 365 * DAY_MS).toISOString().slice(0, 10),
      to: today,
    });
    const [a, b, c, d, e] = await giftsInRange(range, 1_000);
    if (!a || !b || !c || !d || !e) throw new Error("the range holds too few gifts of $10.00 or more");

    // Through Apportion: two gifts into Operations.
    const sent = await submitEven(org.connection, [a.transactionId, b.transactionId], { line: { fund: "Operations" } });
    expect(await settle(sent, 400)).toBe("complete");

    // Outside Apportion: with ids; without ids and with a quantity; the $100.01 gift of 13 January
    // 2026 into two funds; and one split removed again (that gift is whole again).
    const cents = (t: { amountCents: bigint }) => Number(t.amountCents);
    const quarter = Math.floor(cents(d) / 4);
    await splitOutsideApportion(org.emulator, org.connection.id, [
      {
        id: "other-app-c1",
        transaction_id: c.transactionId,
        unit_amount_in_cents: cents(c) - 500,
        campaign: "Spring Food Drive",
        fund: "Youth Nutrition",
      },
      { id: "other-app-c2", transaction_id: c.transactionId, unit_amount_in_cents: 500, fund: "Food Purchasing" },
      { transaction_id: d.transactionId, unit_amount_in_cents: quarter, quantity: 2, fund: "Food Purchasing" },
      { transaction_id: d.transactionId, unit_amount_in_cents: cents(d) - 2 * quarter, fund: "Operations" },
      { transaction_id: "51001013", unit_amount_in_cents: 5_000, fund: "Youth Nutrition" },
      { transaction_id: "51001013", unit_amount_in_cents: 5_001, fund: "Operations" },
      { id: "other-app-e1", transaction_id: e.transactionId, unit_amount_in_cents: cents(e), fund: "Operations" },
    ]);
    await splitOutsideApportion(org.emulator, org.connection.id, [
      {
        id: "other-app-e1",
        transaction_id: e.transactionId,
        unit_amount_in_cents: cents(e),
        fund: "Operations",
        deleted_at: new Date().toISOString(),
      },
    ]);
    // The next full read (at least daily) brings them into the copy.
    await db().transactionSync.update({
      where: { connectionId: org.connection.id },
      data: { fullCompletedAt: new Date(0) },
    });
    expect((await syncTransactions(org.connection.id)).state).toBe("complete");

    const report = await fundsReport(org.connection.id, range);
    const service = await heldAtService(range);
    const page = {
      gifts: report.gifts,
      funds: report.funds.map((f) => [f.fund, f.cents, f.gifts] as const).sort((x, y) => x[0].localeCompare(y[0])),
      campaigns: report.campaigns
        .map((c) => [c.campaign ?? "", c.cents, c.gifts] as const)
        .sort((x, y) => x[0].localeCompare(y[0])),
    };
    expect(page).toEqual(service);
    expect(report.splitsElsewhere).toBe("counted");
    // Not a comparison of empty tables: the outside splits put money where the page shows it.
    expect(service.funds.map(([fund]) => fund)).toEqual(
      expect.arrayContaining(["Food Purchasing", "Operations", "Youth Nutrition"]),
    );
    expect(report.currency).toBe("USD");

    // The same from the per-day totals the worker keeps (lib/funds/fold.ts), once built.
    expect((await foldFundsTotals(org.connection.id))?.days).toBe("all");
    const folded = await fundsReport(org.connection.id, range);
    expect({ gifts: folded.gifts, funds: folded.funds, campaigns: folded.campaigns }).toEqual({
      gifts: report.gifts,
      funds: report.funds,
      campaigns: report.campaigns,
    });
  });
});
