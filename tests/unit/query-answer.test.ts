import { describe, expect, it } from "vitest";
import { queryAnswerSchema, queryTransactions } from "@/lib/service/transactions";

const gift = {
  id: "51001001",
  external_id: "ext-1001-0001",
  amount_in_cents: 10000,
  campaign: "Annual Appeal 2026",
  campaign_id: "2100101",
  fund: "General",
  fund_id: "3100101",
};

const split = {
  id: "ext-1001-0001:a",
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
};

describe("transactions query answer", () => {
  it("leaves splits absent when the service shows none: absent is not the same as an empty list", () => {
    const parsed = queryAnswerSchema.parse({ results: [gift, { ...gift, id: "51001002", splits: [] }] });
    expect(parsed.results[0]).not.toHaveProperty("splits");
    expect(parsed.results[1]?.splits).toEqual([]);
  });

  it("reads each split of a gift, typed", () => {
    const parsed = queryAnswerSchema.parse({ results: [{ ...gift, splits: [split] }] });
    expect(parsed.results[0]?.splits).toEqual([split]);
  });

  it("reads the shapes a real service may use: numbers for ids and amounts, Unix seconds for deleted_at", () => {
    const parsed = queryAnswerSchema.parse({
      results: [
        {
          ...gift,
          splits: [
            {
              id: 77,
              transaction_id: 51001001,
              unit_amount_in_cents: "4000",
              campaign_id: 2100103,
              fund: "Operations",
              fund_id: 3100103,
              deleted_at: 1769940000,
              extra_column: "kept",
            },
            { id: null, unit_amount_in_cents: 6000 },
          ],
        },
      ],
    });
    const [first, second] = parsed.results[0]?.splits ?? [];
    expect(first).toMatchObject({
      id: "77",
      transaction_id: "51001001",
      unit_amount_in_cents: 4000,
      // The interface: quantity defaults to 1.
      quantity: 1,
      campaign_id: "2100103",
      fund_id: "3100103",
      deleted_at: "2026-02-01T10:00:00.000Z",
      extra_column: "kept",
    });
    expect(second).toMatchObject({ id: null, unit_amount_in_cents: 6000, quantity: 1 });
    expect(second?.deleted_at).toBeUndefined();
  });

  it.each([
    ["a split without an amount", { id: "a", fund: "General" }],
    ["a fractional amount", { ...split, unit_amount_in_cents: 12.5 }],
    ["an amount in words", { ...split, unit_amount_in_cents: "twelve" }],
    ["a fractional quantity", { ...split, quantity: 1.5 }],
    ["a deleted_at that is not a time", { ...split, deleted_at: true }],
  ])("refuses %s rather than guess", (_label, bad) => {
    expect(queryAnswerSchema.safeParse({ results: [{ ...gift, splits: [bad] }] }).success).toBe(false);
  });

  it("refuses splits that are not a list", () => {
    expect(queryAnswerSchema.safeParse({ results: [{ ...gift, splits: split }] }).success).toBe(false);
  });
});

describe("queryTransactions' request", () => {
  async function bodySent(page: Parameters<typeof queryTransactions>[2]): Promise<unknown> {
    let sent: unknown;
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      sent = JSON.parse(String(init?.body));
      return new Response(JSON.stringify({ results: [] }), { headers: { "Content-Type": "application/json" } });
    }) as typeof globalThis.fetch;
    await queryTransactions({ baseUrl: "http://service.test", fetch }, "token", page);
    return sent;
  }

  it("asks for splits only when told to, and a continued query carries no include", async () => {
    expect(await bodySent({ withSplits: true })).toEqual({ query: {}, per_page: 50, include: ["splits"] });
    expect(await bodySent({})).toEqual({ query: {}, per_page: 50 });
    expect(await bodySent({ queryToken: "t", withSplits: true })).toEqual({ query_token: "t", per_page: 50 });
  });
});
