// "Where the money is": totals per fund and per campaign in exact cents over the app's copy (split
// gifts by their active splits), the range's first and last instants, what Apportion moved
// (before → after per fund, from the submissions' snapshots), one organization's figures never in
// another's, the same gifts as the gifts list's link, a CSV safe to open, and bad ranges refused
// with 422 naming the field.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { errorResponse } from "@/lib/http/errors";
import { db } from "@/lib/db";
import { FUNDS_CSV_FIELDS, fundsCsv } from "@/lib/funds/csv";
import { fundsRangeSchema } from "@/lib/funds/range";
import { fundsReport } from "@/lib/funds/report";
import { transactionFiltersSchema } from "@/lib/transactions/filters";
import { listTransactions } from "@/lib/transactions/read";
import { connectOrganization } from "../support/connected-org";
import { settle, submitEven, withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();

type Gift = { id: string; cents: number; at: string; campaign?: string; campaignId?: string; fund?: string };

/** Gifts written into the copy as a sync writes them (March 2024: the emulator's seed is 2026). */
async function copyGifts(connectionId: string, gifts: Gift[]) {
  await db().knownTransaction.createMany({
    data: gifts.map((g) => ({
      connectionId,
      transactionId: g.id,
      externalId: `ext-${g.id}`,
      amountCents: BigInt(g.cents),
      currency: "USD",
      occurredAt: new Date(g.at),
      campaign: g.campaign ?? null,
      campaignId: g.campaignId ?? null,
      fund: g.fund ?? null,
      contactName: `Donor ${g.id}`,
      syncedAt: new Date(),
    })),
  });
}

async function split(
  connectionId: string,
  transactionId: string,
  parts: {
    n: number;
    unit: number;
    quantity?: number;
    campaign: string;
    campaignId: string | null;
    fund: string;
    deleted?: boolean;
  }[],
) {
  await db().knownSplit.createMany({
    data: parts.map((p) => ({
      connectionId,
      transactionId,
      splitId: `ext-${transactionId}:${p.n}`,
      unitAmountCents: BigInt(p.unit),
      quantity: p.quantity ?? 1,
      campaign: p.campaign,
      campaignId: p.campaignId,
      fund: p.fund,
      deletedAt: p.deleted ? new Date() : null,
    })),
  });
}

async function marchOf2024(connectionId: string) {
  await copyGifts(connectionId, [
    // The first instant of the first day and the last instant of the last day are in.
    {
      id: "f-first",
      cents: 10_001,
      at: "2024-03-01T00:00:00.000Z",
      campaign: "Spring",
      campaignId: "c-spring",
      fund: "Food",
    },
    { id: "f-last", cents: 2_500, at: "2024-03-31T23:59:59.999Z", campaign: "Spring", campaignId: "c-spring" },
    {
      id: "f-split",
      cents: 7_777,
      at: "2024-03-15T12:00:00.000Z",
      campaign: "Gala",
      campaignId: "c-gala",
      fund: "Food",
    },
    {
      id: "f-unsplit",
      cents: 5_000,
      at: "2024-03-10T08:00:00.000Z",
      campaign: "Gala",
      campaignId: "c-gala",
      fund: "Operations",
    },
    { id: "f-formula", cents: 100, at: "2024-03-20T08:00:00.000Z", fund: '=HYPERLINK("x")' },
    { id: "f-twice", cents: 600, at: "2024-03-05T00:00:00.000Z", campaign: "Gala", campaignId: "c-gala" },
    // One millisecond outside, either side.
    { id: "f-before", cents: 99_999, at: "2024-02-29T23:59:59.999Z", fund: "Food" },
    { id: "f-after", cents: 88_888, at: "2024-04-01T00:00:00.000Z", fund: "Food" },
  ]);
  // Split: $33.33 stays in Food (Spring), 2 × $22.22 go to Operations (Gala).
  await split(connectionId, "f-split", [
    { n: 1, unit: 3_333, campaign: "Spring", campaignId: "c-spring", fund: "Food" },
    { n: 2, unit: 2_222, quantity: 2, campaign: "Gala", campaignId: "c-gala", fund: "Operations" },
  ]);
  // Two splits in one fund: one gift there, not two.
  await split(connectionId, "f-twice", [
    { n: 1, unit: 300, campaign: "Spring", campaignId: "c-spring", fund: "Food" },
    { n: 2, unit: 300, campaign: "Gala", campaignId: "c-gala", fund: "Food" },
  ]);
  // Its only split deleted at the service: the gift is whole again, in its own fund.
  await split(connectionId, "f-unsplit", [
    { n: 1, unit: 5_000, campaign: "Spring", campaignId: "c-spring", fund: "Food", deleted: true },
  ]);
}

const march = fundsRangeSchema.parse({ from: "2024-03-01", to: "2024-03-31" });

describe("where the money is", () => {
  it("sums each fund and campaign in exact cents, split gifts by their active splits, edges included", async () => {
    await marchOf2024(org.connection.id);
    const report = await fundsReport(org.connection.id, march);
    const money = (rows: { cents: number; gifts: number }[], name: (r: never) => string) =>
      rows.map((r) => [name(r as never), r.cents, r.gifts]);
    expect(money(report.funds, (f: { fund: string }) => f.fund)).toEqual([
      ["Food", 13_934, 3],
      ["Operations", 9_444, 2],
      ["General", 2_500, 1],
      ['=HYPERLINK("x")', 100, 1],
    ]);
    expect(report.campaigns.map((c) => [c.campaign, c.campaignId, c.cents, c.gifts])).toEqual([
      ["Spring", "c-spring", 16_134, 4],
      ["Gala", "c-gala", 9_744, 3],
      [null, null, 100, 1],
    ]);
    expect(report.currency).toBe("USD");
    // Each gift once, though f-split's and f-twice's splits are in two campaigns.
    expect(report.gifts).toBe(6);

    // One day: the last one alone.
    const lastDay = await fundsReport(
      org.connection.id,
      fundsRangeSchema.parse({ from: "2024-03-31", to: "2024-03-31" }),
    );
    expect(lastDay.funds.map((f) => [f.fund, f.cents])).toEqual([["General", 2_500]]);
    const firstDay = await fundsReport(
      org.connection.id,
      fundsRangeSchema.parse({ from: "2024-03-01", to: "2024-03-01" }),
    );
    expect(firstDay.funds.map((f) => [f.fund, f.cents])).toEqual([["Food", 10_001]]);
  });

  it("shows a campaign once, with its link, when a split names it without its id", async () => {
    await copyGifts(org.connection.id, [
      { id: "g-whole", cents: 1_000, at: "2024-03-10T00:00:00.000Z", campaign: "Gala", campaignId: "c-gala" },
      { id: "g-split", cents: 3_000, at: "2024-03-11T00:00:00.000Z", campaign: "Spring", campaignId: "c-spring" },
    ]);
    // As Apportion records a split it sent by name: the campaign's name, no id.
    await split(org.connection.id, "g-split", [
      { n: 1, unit: 2_000, campaign: "Gala", campaignId: null, fund: "Food" },
      { n: 2, unit: 1_000, campaign: "Gala", campaignId: "c-gala", fund: "Food" },
    ]);
    const report = await fundsReport(org.connection.id, march);
    expect(report.campaigns.map((c) => [c.campaign, c.campaignId, c.cents, c.gifts])).toEqual([
      ["Gala", "c-gala", 4_000, 2],
    ]);
    expect(report.campaigns[0]?.giftsHref).toBe("/transactions?campaignId=c-gala&after=2024-03-01&before=2024-03-31");
  });

  it("links each fund and campaign to the gifts list showing exactly the gifts it summed", async () => {
    await marchOf2024(org.connection.id);
    const report = await fundsReport(org.connection.id, march);
    const food = report.funds.find((f) => f.fund === "Food")!;
    expect(food.giftsHref).toBe("/transactions?fund=Food&after=2024-03-01&before=2024-03-31");
    const listed = async (href: string) => {
      const filters = transactionFiltersSchema.parse(Object.fromEntries(new URL(href, "http://x").searchParams));
      return (await listTransactions(org.connection.id, filters)).items.map((t) => t.transactionId).sort();
    };
    expect(await listed(food.giftsHref)).toEqual(["f-first", "f-split", "f-twice"]);
    expect(await listed(report.funds.find((f) => f.fund === "General")!.giftsHref)).toEqual(["f-last"]);
    const gala = report.campaigns.find((c) => c.campaign === "Gala")!;
    expect(gala.giftsHref).toBe("/transactions?campaignId=c-gala&after=2024-03-01&before=2024-03-31");
    expect(await listed(gala.giftsHref!)).toEqual(["f-split", "f-twice", "f-unsplit"]);
    // No id, no filter to link to.
    expect(report.campaigns.find((c) => c.campaign === null)!.giftsHref).toBeNull();
  });

  it("shows what Apportion moved per fund, before → after, from changes the service took whole", async () => {
    const gifts = await db().knownTransaction.findMany({
      where: { connectionId: org.connection.id },
      orderBy: { transactionId: "asc" },
      take: 3,
    });
    const [a, b, c] = gifts;
    if (!a || !b || !c) throw new Error("the seed has fewer than 3 gifts");
    const taken = await submitEven(org.connection, [a.transactionId, b.transactionId], {
      line: { fund: "Moved Here" },
    });
    expect(await settle(taken, 400)).toBe("complete");
    // A change the service holds otherwise (Differs) and one sent on another day are not counted.
    const differs = await submitEven(org.connection, [c.transactionId], { line: { fund: "Moved Here" } });
    expect(await settle(differs, 400)).toBe("complete");
    await db().submission.update({ where: { id: differs }, data: { verification: "differs" } });

    const today = new Date().toISOString().slice(0, 10);
    const report = await fundsReport(org.connection.id, fundsRangeSchema.parse({ from: today, to: today }));
    const before = new Map<string, number>();
    for (const g of [a, b])
      before.set(g.fund ?? "General", (before.get(g.fund ?? "General") ?? 0) + Number(g.amountCents));
    const total = Number(a.amountCents) + Number(b.amountCents);
    expect(report.moved).toEqual(
      [
        { fund: "Moved Here", currency: "USD", beforeCents: 0, afterCents: total },
        ...[...before].map(([fund, cents]) => ({ fund, currency: "USD", beforeCents: cents, afterCents: 0 })),
      ].sort(
        (x, y) =>
          Math.abs(y.afterCents - y.beforeCents) - Math.abs(x.afterCents - x.beforeCents) ||
          x.fund.localeCompare(y.fund),
      ),
    );
    expect([report.movedSubmissions, report.movedGifts]).toEqual([1, 2]);

    // Sent yesterday: outside today's range, inside yesterday's.
    const yesterday = new Date(Date.now() - 86_400_000);
    await db().submission.update({ where: { id: taken }, data: { createdAt: yesterday } });
    const todayAgain = await fundsReport(org.connection.id, fundsRangeSchema.parse({ from: today, to: today }));
    expect(todayAgain.moved).toEqual([]);
    const day = yesterday.toISOString().slice(0, 10);
    const thatDay = await fundsReport(org.connection.id, fundsRangeSchema.parse({ from: day, to: day }));
    expect(thatDay.moved.find((m) => m.fund === "Moved Here")?.afterCents).toBe(total);
  });

  it("keeps each organization's figures to itself", async () => {
    const harbor = await connectOrganization(org.emulator, "admin@harbor.example");
    await marchOf2024(org.connection.id);
    await copyGifts(harbor.id, [
      { id: "h-1", cents: 4_242, at: "2024-03-05T00:00:00.000Z", campaign: "Harbor", fund: "Harbor Fund" },
    ]);
    const riverside = await fundsReport(org.connection.id, march);
    const theirs = await fundsReport(harbor.id, march);
    expect(riverside.funds.map((f) => f.fund)).not.toContain("Harbor Fund");
    expect(theirs.funds.map((f) => [f.fund, f.cents, f.gifts])).toEqual([["Harbor Fund", 4_242, 1]]);
    expect(theirs.campaigns.map((c) => c.campaign)).toEqual(["Harbor"]);
    // A submission of Riverside's never shows in Harbor's moves.
    const [gift] = await db().knownTransaction.findMany({
      where: { connectionId: org.connection.id, occurredAt: { gte: new Date("2026-01-01") } },
      take: 1,
    });
    const sent = await submitEven(org.connection, [gift!.transactionId], { line: { fund: "Moved Here" } });
    expect(await settle(sent, 400)).toBe("complete");
    const today = new Date().toISOString().slice(0, 10);
    const range = fundsRangeSchema.parse({ from: today, to: today });
    expect((await fundsReport(org.connection.id, range)).movedSubmissions).toBe(1);
    expect(await fundsReport(harbor.id, range)).toMatchObject({ moved: [], movedSubmissions: 0, movedGifts: 0 });
  });

  it("writes the tables as CSV with amounts from the integers and formulas defused", async () => {
    await marchOf2024(org.connection.id);
    const text = [...fundsCsv(await fundsReport(org.connection.id, march))].join("");
    // The one CSV convention: a byte-order mark, no blank line, no line break at the end.
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).not.toMatch(/\r\n\r\n|\r\n$/);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(FUNDS_CSV_FIELDS.join(","));
    // Read by a CSV parser: no empty record, every amount a plain number, a currency on each.
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: false });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.length).toBe(lines.length - 1);
    for (const record of parsed.data) {
      expect(record.currency).toBe("USD");
      for (const field of ["amount", "before", "after"] as const) expect(record[field]).toMatch(/^(-?\d+\.\d{2})?$/);
    }
    expect(lines).toContain("fund,Food,USD,139.34,3,,,2024-03-01,2024-03-31");
    expect(lines).toContain("campaign,Spring,USD,161.34,4,,,2024-03-01,2024-03-31");
    expect(lines).toContain("campaign,No campaign,USD,1.00,1,,,2024-03-01,2024-03-31");
    // The formula guard: a leading quote, so a spreadsheet shows the name instead of running it.
    expect(lines).toContain(`fund,"'=HYPERLINK(""x"")",USD,1.00,1,,,2024-03-01,2024-03-31`);
  });

  it("refuses a bad range with 422 naming the field", async () => {
    const refusal = async (query: Record<string, string>) => {
      const parsed = fundsRangeSchema.safeParse(query);
      expect(parsed.success).toBe(false);
      const answer = errorResponse(parsed.error);
      expect(answer.status).toBe(422);
      return ((await answer.json()) as { error: { fields: Record<string, string[]> } }).error.fields;
    };
    expect(await refusal({ from: "2024-02-30" })).toEqual({ from: ["Give the start date like 2026-01-31."] });
    expect(await refusal({ from: "yesterday", to: "2024-01-01" })).toHaveProperty("from");
    expect(await refusal({ to: "31/01/2024" })).toEqual({ to: ["Give the end date like 2026-01-31."] });
    expect(await refusal({ from: "2024-03-02", to: "2024-03-01" })).toEqual({
      to: ["The end date is before the start date."],
    });
    expect(await refusal({ from: "1990-01-01", to: "2024-03-01" })).toEqual({
      to: ["Choose a range of at most 20 years."],
    });
    // Empty means the default: this year so far.
    const year = new Date().toISOString().slice(0, 4);
    expect(fundsRangeSchema.parse({ from: "", to: "" })).toMatchObject({ from: `${year}-01-01` });
  });
});
