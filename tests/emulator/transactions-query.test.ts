import { describe, expect, it } from "vitest";
import { HARBOR, callApi, connect, type TestEmulator, connectedEmulatorPerFile } from "./helpers";

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

type Transaction = { id: string; external_id: string | null; transaction_time: string; campaign_id: string | null };
type Page = { results: Transaction[]; total: number; has_more: boolean; query_token: string | null };

function query(body: unknown, as = token) {
  return callApi(emu, as, "/transactions/query", { method: "POST", body: JSON.stringify(body) });
}

async function page(body: unknown, as = token): Promise<Page> {
  const response = await query(body, as);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}

async function refusal(body: unknown): Promise<string[]> {
  const response = await query(body);
  expect(response.status).toBe(400);
  const answer = (await response.json()) as { valid: boolean; errors: string[] };
  expect(answer.valid).toBe(false);
  return answer.errors;
}

// The seed: 13 transactions dated 1 to 13 January 2026, ids 51001001..51001013.
const ALL_IDS_NEWEST_FIRST = Array.from({ length: 13 }, (_, i) => `510010${String(13 - i).padStart(2, "0")}`);

describe("POST /transactions/query: answer", () => {
  it("lists the organization's transactions newest first with the documented fields", async () => {
    const answer = await page({});
    expect(answer.total).toBe(13);
    expect(answer.has_more).toBe(false);
    expect(answer.query_token).toBeNull();
    expect(answer.results.map((t) => t.id)).toEqual(ALL_IDS_NEWEST_FIRST);
    expect(answer.results.at(-1)).toEqual({
      id: "51001001",
      external_id: "ext-1001-0001",
      amount_in_cents: 10000,
      currency: "USD",
      transaction_time: "2026-01-01T15:30:00.000Z",
      campaign: "Annual Appeal 2026",
      campaign_id: "2100101",
      fund: "General",
      fund_id: "3100101",
      contact_name: "Maria Alvarez",
      transaction_type: "credit",
      sync_version: 1,
    });
    expect(answer.results.find((t) => t.id === "51001003")?.external_id).toBeNull();
  });

  it("accepts an empty body", async () => {
    const response = await callApi(emu, token, "/transactions/query", { method: "POST" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Page).total).toBe(13);
  });

  it("answers only the token's organization", async () => {
    const harbor = (await connect(emu, { email: HARBOR.email })).access_token;
    const answer = await page({}, harbor);
    expect(answer.results.every((t) => t.id.startsWith("51002"))).toBe(true);
  });

  it("requires the data_query scope", async () => {
    const limited = (await connect(emu, { scope: "basic data_add" })).access_token;
    const response = await query({}, limited);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ valid: false, errors: ["Insufficient scope: data_query required"] });
  });
});

describe("paging with query_token", () => {
  it("continues page by page until has_more is false, then forgets the token", async () => {
    const seen: string[] = [];
    let answer = await page({ per_page: 5 });
    const tokens = new Set<string>();
    for (;;) {
      expect(answer.total).toBe(13);
      seen.push(...answer.results.map((t) => t.id));
      if (!answer.has_more) break;
      expect(answer.query_token).toEqual(expect.any(String));
      tokens.add(answer.query_token ?? "");
      const last: string = answer.query_token ?? "";
      answer = await page({ query_token: last });
    }
    expect(answer.query_token).toBeNull();
    expect(answer.results).toHaveLength(3);
    expect(seen).toEqual(ALL_IDS_NEWEST_FIRST);
    // The finished query's token is gone.
    expect(await refusal({ query_token: [...tokens][0] })).toEqual(["Unknown query token"]);
  });

  it("remembers the filters and per_page; a query sent with the token is ignored", async () => {
    const first = await page({ per_page: 2, query: { campaign_id: "2100101" } });
    expect(first.results.map((t) => t.id)).toEqual(["51001013", "51001009"]);
    const second = await page({ query_token: first.query_token, per_page: 50, query: { campaign_id: "nope" } });
    expect(second.results.map((t) => t.id)).toEqual(["51001005", "51001001"]);
    expect(second).toMatchObject({ total: 4, has_more: false, query_token: null });
  });

  it("accepts per_page 50 and refuses 51, 0, fractions and strings", async () => {
    expect((await page({ per_page: 50 })).results).toHaveLength(13);
    for (const perPage of [51, 0, -1, 2.5, "10"]) {
      const errors = await refusal({ per_page: perPage });
      expect(errors[0]).toContain("per_page must be a whole number from 1 to 50");
    }
  });

  it("expires a token after 5 minutes without use; each use renews it", async () => {
    const first = await page({ per_page: 2 });
    emu.clock.ms += 4 * 60_000;
    const second = await page({ query_token: first.query_token });
    expect(second.query_token).toBe(first.query_token);
    emu.clock.ms += 4 * 60_000 + 59_000;
    const third = await page({ query_token: second.query_token });
    expect(third.results.map((t) => t.id)).toEqual(["51001009", "51001008"]);
    emu.clock.ms += 5 * 60_000;
    const response = await query({ query_token: third.query_token });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ valid: false, errors: ["Query token expired"] });
  });

  it("refuses an unknown token and another organization's token", async () => {
    expect(await refusal({ query_token: "made-up" })).toEqual(["Unknown query token"]);
    const harbor = (await connect(emu, { email: HARBOR.email })).access_token;
    const theirs = await page({ per_page: 1 }, harbor);
    expect(await refusal({ query_token: theirs.query_token })).toEqual(["Unknown query token"]);
  });
});

describe("filters", () => {
  it("filters by campaign_id", async () => {
    const answer = await page({ query: { campaign_id: "2100101" } });
    expect(answer.results.map((t) => t.id)).toEqual(["51001013", "51001009", "51001005", "51001001"]);
    expect(answer.results.every((t) => t.campaign_id === "2100101")).toBe(true);
    expect((await page({ query: { campaign_id: "unknown" } })).total).toBe(0);
  });

  it("filters by after and before, both exclusive", async () => {
    const after = await page({ query: { after: "2026-01-10T15:30:00Z" } });
    expect(after.results.map((t) => t.id)).toEqual(["51001013", "51001012", "51001011"]);
    const before = await page({ query: { before: "2026-01-03" } });
    expect(before.results.map((t) => t.id)).toEqual(["51001002", "51001001"]);
    const between = await page({ query: { after: "2026-01-04T15:30:00+00:00", before: "2026-01-07T00:00:00-05:00" } });
    expect(between.results.map((t) => t.id)).toEqual(["51001006", "51001005"]);
  });

  it("accepts linked, not_linked and changed, which have no effect in the emulator", async () => {
    const answer = await page({ query: { linked: true, not_linked: false, changed: true } });
    expect(answer.total).toBe(13);
    expect(await refusal({ query: { linked: "yes" } })).toEqual(["query.linked must be true or false"]);
  });

  it.each([
    ["an unknown filter", { query: { fund_id: "3100101" } }, "Unknown filter: query.fund_id"],
    ["an unknown body field", { page: 2 }, "Unknown field: page"],
    ["an impossible date", { query: { after: "2026-02-30" } }, "query.after must be an ISO 8601"],
    ["a month 13", { query: { before: "2026-13-01T00:00:00Z" } }, "query.before must be an ISO 8601"],
    ["a date-time without zone", { query: { after: "2026-01-05T10:00:00" } }, "query.after must be an ISO 8601"],
    ["words", { query: { after: "yesterday" } }, "query.after must be an ISO 8601"],
    ["a number", { query: { before: 1767225600 } }, "query.before must be an ISO 8601"],
    ["a query that is not an object", { query: ["campaign_id"] }, "query must be an object"],
  ])("refuses %s with 400", async (_label, body, message) => {
    const errors = await refusal(body);
    expect(
      errors.some((error) => error.startsWith(message)),
      errors.join(" | "),
    ).toBe(true);
  });

  it("refuses a body that is not a JSON object", async () => {
    const response = await callApi(emu, token, "/transactions/query", { method: "POST", body: "{" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ valid: false });
  });
});
