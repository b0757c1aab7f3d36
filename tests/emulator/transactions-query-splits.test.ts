// The transactions query with include: ["splits"], and the query-splits setting under which a
// service cannot show them (ignored or refused).
import { describe, expect, it } from "vitest";
import { callApi, postSwitch, type TestEmulator, connectedEmulatorPerFile } from "./helpers";
import { row, runImport } from "./import-helpers";

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

type QuerySplit = Record<string, unknown> & { id: string | null; deleted_at: string | null };
type Result = { id: string; splits?: QuerySplit[] };
type Page = { results: Result[]; total: number; has_more: boolean; query_token: string | null };

const EXT_1 = "ext-1001-0001"; // 51001001, 10000 cents, the oldest: last in the answer
const WITH_SPLITS = { include: ["splits"] };

function query(body: unknown) {
  return callApi(emu, token, "/transactions/query", { method: "POST", body: JSON.stringify(body) });
}

async function page(body: unknown): Promise<Page> {
  const response = await query(body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}

async function refusal(body: unknown): Promise<string[]> {
  const response = await query(body);
  expect(response.status).toBe(400);
  return ((await response.json()) as { errors: string[] }).errors;
}

const resultFor = (answer: Page, id: string) => answer.results.find((r) => r.id === id);

async function splitFirstGift(): Promise<void> {
  const result = await runImport(emu, token, [
    row(EXT_1, 3000, { id: `${EXT_1}:a`, quantity: 2, campaign: "Spring Food Drive", fund: "Food Purchasing" }),
    row(EXT_1, 4000, { id: `${EXT_1}:b`, campaign_id: "2100103", fund: "Operations", fund_id: "3100103" }),
  ]);
  expect(result).toMatchObject({ rows_imported: 2, notifications: [] });
}

describe("include splits", () => {
  it("shows each gift's splits with id, link, amount, quantity, campaign, fund and deleted state", async () => {
    await splitFirstGift();
    const answer = await page({ ...WITH_SPLITS, per_page: 50 });
    expect(resultFor(answer, "51001001")?.splits).toEqual([
      {
        id: `${EXT_1}:a`,
        transaction_id: "51001001",
        unit_amount_in_cents: 3000,
        quantity: 2,
        campaign: "Spring Food Drive",
        campaign_id: "2100102",
        parent_campaign: "Annual Appeal 2026",
        parent_campaign_id: "2100101",
        fund: "Food Purchasing",
        fund_id: "3100102",
        deleted_at: null,
      },
      {
        id: `${EXT_1}:b`,
        transaction_id: "51001001",
        unit_amount_in_cents: 4000,
        quantity: 1,
        campaign: "Holiday Meals",
        campaign_id: "2100103",
        parent_campaign: null,
        parent_campaign_id: null,
        fund: "Operations",
        fund_id: "3100103",
        deleted_at: null,
      },
    ]);
    // An unsplit gift shown with splits has an empty list, not a missing one.
    expect(
      answer.results.filter((r) => r.id !== "51001001").every((r) => Array.isArray(r.splits) && r.splits.length === 0),
    ).toBe(true);
    expect(answer.results).toHaveLength(13);
  });

  it("leaves splits out unless asked", async () => {
    await splitFirstGift();
    for (const body of [{}, { include: [] }]) {
      const answer = await page(body);
      expect(
        answer.results.some((r) => "splits" in r),
        JSON.stringify(body),
      ).toBe(false);
    }
  });

  it("shows soft-deleted splits with deleted_at, next to their replacements", async () => {
    await splitFirstGift();
    await runImport(emu, token, [
      row(EXT_1, 3000, { id: `${EXT_1}:a`, quantity: 2, campaign: "Spring Food Drive", fund: "Food Purchasing" }),
      row(EXT_1, 4000, { id: `${EXT_1}:b`, fund: "Operations", deleted_at: "2026-02-01T10:00:00Z" }),
      row(EXT_1, 4000, { id: `${EXT_1}:c`, fund: "General" }),
    ]);
    const splits = resultFor(await page(WITH_SPLITS), "51001001")?.splits ?? [];
    expect(splits.map((s) => [s.id, s.deleted_at])).toEqual([
      [`${EXT_1}:a`, null],
      [`${EXT_1}:b`, "2026-02-01T10:00:00.000Z"],
      [`${EXT_1}:c`, null],
    ]);
  });

  it("links a split by the service's transaction id, whatever match_by located it with", async () => {
    await runImport(emu, token, [row("51001003", 12345, { id: "51001003:all" })], "transaction_id");
    const splits = resultFor(await page(WITH_SPLITS), "51001003")?.splits;
    expect(splits).toMatchObject([{ id: "51001003:all", transaction_id: "51001003", unit_amount_in_cents: 12345 }]);
  });

  it("shows a split written without an id with id null", async () => {
    await runImport(emu, token, [row(EXT_1, 10000)]);
    expect(resultFor(await page(WITH_SPLITS), "51001001")?.splits).toMatchObject([
      { id: null, transaction_id: "51001001" },
    ]);
  });

  it("refuses an include that is not a list of known names", async () => {
    for (const include of ["splits", ["donors"], [1], { splits: true }]) {
      const errors = await refusal({ include });
      expect(errors[0], JSON.stringify(include)).toContain("include must be a list");
    }
  });
});

describe("include splits within the paging limits", () => {
  it("keeps per_page at most 50, splits or not", async () => {
    expect((await refusal({ ...WITH_SPLITS, per_page: 51 }))[0]).toContain(
      "per_page must be a whole number from 1 to 50",
    );
  });

  it("the query token remembers include; an include sent with the token is ignored", async () => {
    await splitFirstGift();
    const seen: Result[] = [];
    let answer = await page({ ...WITH_SPLITS, per_page: 5 });
    seen.push(...answer.results);
    while (answer.has_more) {
      answer = await page({ query_token: answer.query_token });
      seen.push(...answer.results);
    }
    expect(seen).toHaveLength(13);
    expect(seen.every((r) => Array.isArray(r.splits))).toBe(true);
    // The split gift is the oldest, on the last page.
    expect(seen.at(-1)?.splits).toHaveLength(2);

    const plain = await page({ per_page: 5 });
    const next = await page({ query_token: plain.query_token, ...WITH_SPLITS });
    expect(next.results.some((r) => "splits" in r)).toBe(false);
  });

  it("shows all of a gift's splits on its page, however many", async () => {
    // ext-1001-0005 totals 100000: 50 splits of 2000.
    const rows = Array.from({ length: 50 }, (_, i) => row("ext-1001-0005", 2000, { id: `ext-1001-0005:${i}` }));
    expect(await runImport(emu, token, rows)).toMatchObject({ rows_imported: 50 });
    const answer = await page({ ...WITH_SPLITS, per_page: 1, query: { before: "2026-01-06", after: "2026-01-05" } });
    expect(answer.results.map((r) => r.id)).toEqual(["51001005"]);
    expect(answer.results[0]?.splits).toHaveLength(50);
    expect(answer.has_more).toBe(false);
  });
});

describe("a service whose query cannot show splits", () => {
  it("ignored: include is accepted, unchecked, and no result carries splits", async () => {
    await splitFirstGift();
    expect((await postSwitch(emu, "settings", { query_splits: "ignored" })).status).toBe(200);
    for (const include of [["splits"], "anything"]) {
      const answer = await page({ include, per_page: 50 });
      expect(answer.total).toBe(13);
      expect(answer.results.some((r) => "splits" in r)).toBe(false);
    }
  });

  it("refused: include is an unknown field; the query without it still answers", async () => {
    await postSwitch(emu, "settings", { query_splits: "refused" });
    expect(await refusal(WITH_SPLITS)).toEqual(["Unknown field: include (allowed: per_page, query_token, query)"]);
    expect((await page({})).total).toBe(13);
  });

  it("a query begun with splits shows none once the setting hides them", async () => {
    await splitFirstGift();
    const first = await page({ ...WITH_SPLITS, per_page: 10 });
    expect(first.results.every((r) => Array.isArray(r.splits))).toBe(true);
    await postSwitch(emu, "settings", { query_splits: "ignored" });
    const last = await page({ query_token: first.query_token });
    expect(last.results.map((r) => r.id)).toContain("51001001");
    expect(last.results.some((r) => "splits" in r)).toBe(false);
  });
});

describe("the app's service client reads the shape", () => {
  it("asks with withSplits and parses every split; without it, splits stay absent", async () => {
    const { queryTransactions } = await import("@/lib/service/transactions");
    await splitFirstGift();
    const target = { baseUrl: emu.url };
    const answer = await queryTransactions(target, token, { withSplits: true, query: { before: "2026-01-02" } });
    expect(answer.results.map((r) => r.id)).toEqual(["51001001"]);
    expect(answer.results[0]?.splits?.map((s) => [s.id, s.unit_amount_in_cents, s.quantity, s.fund_id])).toEqual([
      [`${EXT_1}:a`, 3000, 2, "3100102"],
      [`${EXT_1}:b`, 4000, 1, "3100103"],
    ]);
    const plain = await queryTransactions(target, token, { query: { before: "2026-01-02" } });
    expect(plain.results[0]?.splits).toBeUndefined();
  });
});
