// The gifts list's sorts, pages and totals: every sort in both directions walks every
// matching gift exactly once in the order a plain sort of the copy gives (ties broken by the id),
// with and without filters; pages past the end and bad page numbers; and the count and sum of the
// filtered gifts, exact in cents where a float sum would be wrong.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { KnownTransaction } from "@/lib/generated/prisma/client";
import { transactionFiltersSchema } from "@/lib/transactions/filters";
import { listTransactions } from "@/lib/transactions/read";
import { syncTransactions } from "@/lib/transactions/sync";
import { sql } from "@/lib/db-sql";
import { emulatorSwitch } from "../support/connected-org";
import { withConnectedOrganization } from "../support/synced-org";

const org = withConnectedOrganization();
const PER_PAGE = 7;

const list = (input: Record<string, string | number>) =>
  listTransactions(org.connection.id, transactionFiltersSchema.parse(input));

beforeEach(async () => {
  // 80 gifts entered at one instant (every date a tie) beside the seed's 13, whose amounts and
  // donors repeat: ties on every key.
  await emulatorSwitch(org.emulator, "organizations/1001/generate", {
    count: 80,
    seed: 21,
    at: "2026-03-02T10:00:00Z",
  });
  await syncTransactions(org.connection.id);
});

/** Every page of a listing, one after another, as the pages' own ids. */
async function walk(input: Record<string, string>): Promise<{ ids: string[]; total: number }> {
  const first = await list({ ...input, perPage: PER_PAGE });
  const pages = Math.ceil(first.total / PER_PAGE);
  const ids = first.items.map((t) => t.transactionId);
  for (let page = 2; page <= pages; page++) {
    const next = await list({ ...input, page, perPage: PER_PAGE });
    expect(next.items.length).toBe(page < pages ? PER_PAGE : first.total - PER_PAGE * (pages - 1));
    ids.push(...next.items.map((t) => t.transactionId));
  }
  return { ids, total: first.total };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byBig = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/** The order the list promises, written out plainly: the key, then the id. */
function expectedOrder(rows: KnownTransaction[], sort: string, order: "asc" | "desc"): string[] {
  const sign = order === "asc" ? 1 : -1;
  const compare = (a: KnownTransaction, b: KnownTransaction): number => {
    if (sort === "date") {
      // Newest first breaks ties by id ascending, oldest first by id descending: one index.
      return sign * (a.occurredAt.getTime() - b.occurredAt.getTime() || -byText(a.transactionId, b.transactionId));
    }
    const key = sort === "amount" ? byBig(a.amountCents, b.amountCents) : byText(a.contactSearch, b.contactSearch);
    return sign * (key || byText(a.transactionId, b.transactionId));
  };
  return [...rows].sort(compare).map((r) => r.transactionId);
}

const SORTS = [
  ["date", "desc"],
  ["date", "asc"],
  ["amount", "desc"],
  ["amount", "asc"],
  ["donor", "asc"],
  ["donor", "desc"],
] as const;

describe("sorting the gifts list", () => {
  it("the test database compares text by code point, as the expected orders here do", async () => {
    const [row] = await sql<{
      collation: string;
    }>`SELECT datcollate AS collation FROM pg_database WHERE datname = current_database()`;
    expect(["C", "C.UTF-8", "C.utf8", "POSIX"]).toContain(row?.collation);
  });

  it.each(SORTS)("by %s, %s: every gift once, in order, ties broken by the id", async (sort, order) => {
    const rows = await db().knownTransaction.findMany({ where: { connectionId: org.connection.id } });
    // The data holds ties on this key, so the tie-break is what is tested.
    const key = (r: KnownTransaction) =>
      sort === "date" ? r.occurredAt.getTime() : sort === "amount" ? r.amountCents : r.contactSearch;
    expect(new Set(rows.map(key)).size).toBeLessThan(rows.length - 10);

    const { ids, total } = await walk({ sort, order });
    expect(total).toBe(rows.length);
    expect(ids).toEqual(expectedOrder(rows, sort, order));
  });

  it("keeps its order under filters and a search", async () => {
    const rows = await db().knownTransaction.findMany({ where: { connectionId: org.connection.id } });
    const campaignId = rows.find((r) => r.campaignId)?.campaignId ?? "";
    const cases: Record<string, string>[] = [{ search: "an" }, { campaignId }, { search: "25", after: "2026-03-01" }];
    for (const filters of cases) {
      // The gifts the filters match, as the default order finds them.
      const matching = new Set((await walk(filters)).ids);
      expect(matching.size).toBeGreaterThan(PER_PAGE);
      const chosen = rows.filter((r) => matching.has(r.transactionId));
      for (const [sort, order] of SORTS) {
        const { ids } = await walk({ ...filters, sort, order });
        expect(ids).toEqual(expectedOrder(chosen, sort, order));
      }
    }
  });

  it("starts amount and date at the largest and newest, donors at A, when no direction is given", async () => {
    expect((await list({ sort: "amount" })).order).toBe("desc");
    expect((await list({ sort: "date" })).order).toBe("desc");
    expect((await list({ sort: "donor" })).order).toBe("asc");
    expect((await list({})).sort).toBe("date");
  });

  it("refuses a sort or direction it does not know, with a message", () => {
    const sort = transactionFiltersSchema.safeParse({ sort: "name" });
    expect(sort.success).toBe(false);
    expect(sort.error?.issues[0]?.message).toBe("Sort by date, amount or donor.");
    const order = transactionFiltersSchema.safeParse({ order: "up" });
    expect(order.error?.issues[0]?.message).toBe("Order asc or desc.");
  });
});

describe("jumping to a page", () => {
  it("reads the last page and the pages near it from the end, and nothing past it", async () => {
    const all = await walk({ sort: "amount", order: "asc" });
    const pages = Math.ceil(all.total / PER_PAGE);
    const last = await list({ sort: "amount", order: "asc", page: pages, perPage: PER_PAGE });
    expect(last.items.map((t) => t.transactionId)).toEqual(all.ids.slice((pages - 1) * PER_PAGE));
    const nearEnd = await list({ sort: "amount", order: "asc", page: pages - 1, perPage: PER_PAGE });
    expect(nearEnd.items.map((t) => t.transactionId)).toEqual(
      all.ids.slice((pages - 2) * PER_PAGE, (pages - 1) * PER_PAGE),
    );
    const past = await list({ sort: "amount", order: "asc", page: pages + 1, perPage: PER_PAGE });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.total);
  });

  it.each([
    ["0", "Pages start at 1."],
    ["-3", "Pages start at 1."],
    ["2.5", "Give the page as a whole number, like 3."],
    ["abc", "Give the page as a number, like 3."],
    ["100001", "Pages go up to 100,000."],
  ])("refuses page %s with a message", (page, message) => {
    const parsed = transactionFiltersSchema.safeParse({ page });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe("the count and sum above the list", () => {
  it("adds up every matching gift in exact cents, per currency", async () => {
    // Amounts whose sum passes 2^53 cents: as JavaScript numbers it comes out 1 cent short.
    const big = [4_503_599_627_370_496n, 4_503_599_627_370_497n, 10n, 20n];
    const at = new Date("1990-06-01T12:00:00Z");
    const gift = (id: string, amountCents: bigint, currency = "USD") => ({
      connectionId: org.connection.id,
      transactionId: id,
      amountCents,
      currency,
      occurredAt: at,
      syncedAt: new Date(),
    });
    await db().knownTransaction.createMany({
      data: [...big.map((cents, i) => gift(`sum-${i}`, cents)), gift("sum-eur", 1_234_567n, "EUR")],
    });
    const exact = big.reduce((a, b) => a + b, 0n);
    expect(String(big.reduce((a, b) => a + Number(b), 0))).not.toBe(String(exact));

    const inThatYear = await list({ after: "1990-01-01", before: "1990-12-31" });
    expect(inThatYear.total).toBe(5);
    expect(inThatYear.totals).toEqual([
      { currency: "USD", count: 4, sumCents: String(exact) },
      { currency: "EUR", count: 1, sumCents: "1234567" },
    ]);

    // Unfiltered: the count and sum of the whole copy, as the database adds it up.
    const whole = await list({});
    const rows = await db().knownTransaction.findMany({ where: { connectionId: org.connection.id, currency: "USD" } });
    expect(whole.totals[0]).toEqual({
      currency: "USD",
      count: rows.length,
      sumCents: String(rows.reduce((a, r) => a + r.amountCents, 0n)),
    });
    expect(whole.total).toBe(rows.length + 1);
  });

  it("is zero gifts and no sums when nothing matches", async () => {
    const none = await list({ search: "no such donor anywhere" });
    expect(none.total).toBe(0);
    expect(none.totals).toEqual([]);
  });
});
