import { describe, expect, it } from "vitest";
import { intoBatches, type TransactionRows } from "@/lib/service/import-batches";
import { buildImportRows, importBody, matchByFor, sentRowOf, transactionRefFor } from "@/lib/service/import-rows";
import { nextSplitId } from "@/lib/splits/split-ids";
import { allocationSchema } from "@/lib/splits/schema";

describe("match_by and references", () => {
  it("locates an external transaction by its external id, a service-created one by transaction_id", () => {
    expect(matchByFor({ transactionId: "9001", externalId: "ext-7" })).toBe("id");
    expect(transactionRefFor({ transactionId: "9001", externalId: "ext-7" })).toBe("ext-7");
    expect(matchByFor({ transactionId: "9001", externalId: null })).toBe("transaction_id");
    expect(transactionRefFor({ transactionId: "9001", externalId: null })).toBe("9001");
  });

  it("numbers split ids after the highest taken one, in the recommended form", () => {
    expect(nextSplitId("ext-7", [])).toBe("ext-7:1");
    expect(nextSplitId("ext-7", ["ext-7:1", "ext-7:4", "ext-70:9", "other:12"])).toBe("ext-7:5");
  });
});

describe("a sent row in the app's names", () => {
  it("maps every field of the service's row back, an absent one null, a removal deleted", () => {
    const full = {
      id: "ext-7:2",
      transaction_id: "ext-7",
      unit_amount_in_cents: 3000,
      quantity: 2,
      campaign: "Spring Appeal",
      campaign_id: "c-2",
      parent_campaign: "Annual Fund",
      parent_campaign_id: "c-1",
      fund: "Food",
      fund_id: "f-1",
    };
    expect(sentRowOf(full)).toEqual({
      splitId: "ext-7:2",
      unitAmountCents: 3000,
      quantity: 2,
      campaign: "Spring Appeal",
      campaignId: "c-2",
      parentCampaign: "Annual Fund",
      parentCampaignId: "c-1",
      fund: "Food",
      fundId: "f-1",
      deleted: false,
    });
    const removed = {
      id: "ext-7:1",
      transaction_id: "ext-7",
      unit_amount_in_cents: 5000,
      quantity: 1,
      fund: "General",
    };
    expect(sentRowOf({ ...removed, deleted_at: 1_795_305_600 })).toEqual({
      splitId: "ext-7:1",
      unitAmountCents: 5000,
      quantity: 1,
      campaign: null,
      campaignId: null,
      parentCampaign: null,
      parentCampaignId: null,
      fund: "General",
      fundId: null,
      deleted: true,
    });
  });
});

describe("building rows", () => {
  it("builds the exact rows, with removals as soft deletes carrying the old values", () => {
    const allocation = allocationSchema.parse({
      transactionId: "9001",
      totalCents: 5000,
      currency: "USD",
      removedSplitIds: ["ext-7:1"],
      rows: [
        {
          splitId: "ext-7:2",
          amount: "30",
          quantity: "1",
          campaign: "Spring Appeal",
          campaignId: "c-2",
          parentCampaign: "Annual Fund",
          parentCampaignId: "",
          fund: "General",
          fundId: "",
        },
        {
          splitId: "ext-7:3",
          amount: "10",
          quantity: "2",
          campaign: "",
          campaignId: "",
          parentCampaign: "",
          parentCampaignId: "",
          fund: "Food",
          fundId: "f-1",
        },
      ],
    });
    const existing = new Map([
      ["ext-7:1", { splitId: "ext-7:1", unitAmountCents: 5000, quantity: 1, fund: "General", fundId: null }],
    ]);
    const rows = buildImportRows(
      { transactionId: "9001", externalId: "ext-7" },
      allocation,
      existing,
      new Date("2026-11-22T00:00:00Z"),
    );
    expect(rows).toEqual([
      {
        id: "ext-7:2",
        transaction_id: "ext-7",
        unit_amount_in_cents: 3000,
        quantity: 1,
        campaign: "Spring Appeal",
        campaign_id: "c-2",
        parent_campaign: "Annual Fund",
        fund: "General",
      },
      { id: "ext-7:3", transaction_id: "ext-7", unit_amount_in_cents: 1000, quantity: 2, fund: "Food", fund_id: "f-1" },
      {
        id: "ext-7:1",
        transaction_id: "ext-7",
        unit_amount_in_cents: 5000,
        quantity: 1,
        fund: "General",
        deleted_at: 1_795_305_600,
      },
    ]);
    // The service receives the JSON as written: keys in one order, empty fields absent.
    expect(JSON.stringify(rows[0])).toBe(
      '{"id":"ext-7:2","transaction_id":"ext-7","unit_amount_in_cents":3000,"quantity":1,"campaign":"Spring Appeal",' +
        '"campaign_id":"c-2","parent_campaign":"Annual Fund","fund":"General"}',
    );
    expect(Object.keys(rows[2]!)).toEqual([
      "id",
      "transaction_id",
      "unit_amount_in_cents",
      "quantity",
      "fund",
      "deleted_at",
    ]);
    expect(importBody("id", rows)).toMatchObject({
      data_format: "split_transaction",
      action_type: "create",
      match_by: { transaction: "id" },
      data_type: "json",
    });
  });
});

describe("batching", () => {
  const group = (id: string, n: number, matchBy: "id" | "transaction_id" = "id"): TransactionRows => ({
    transactionId: id,
    matchBy,
    rows: Array.from({ length: n }, (_, i) => ({
      id: `${id}:${i}`,
      transaction_id: id,
      unit_amount_in_cents: 1,
      quantity: 1,
      fund: "General",
    })),
  });

  it("packs transactions into calls of at most 100 rows without splitting one", () => {
    const batches = intoBatches([group("a", 60), group("b", 30), group("c", 20), group("d", 100), group("e", 1)]);
    expect(batches.map((c) => c.groups.map((g) => g.transactionId))).toEqual([["a", "b"], ["c"], ["d"], ["e"]]);
    for (const batch of batches) expect(batch.groups.reduce((n, g) => n + g.rows.length, 0)).toBeLessThanOrEqual(100);
  });

  it("never mixes the two match_by kinds in one call", () => {
    const batches = intoBatches([group("a", 2, "id"), group("b", 2, "transaction_id"), group("c", 2, "id")]);
    expect(batches.map((c) => [c.matchBy, c.groups.map((g) => g.transactionId)])).toEqual([
      ["id", ["a", "c"]],
      ["transaction_id", ["b"]],
    ]);
  });

  it("refuses a transaction that alone exceeds the limit", () => {
    expect(() => intoBatches([group("a", 101)])).toThrow(/at most 100/);
  });

  it("handles 10,000 rows across 2,500 transactions in calls of 100", () => {
    const groups = Array.from({ length: 2_500 }, (_, i) => group(`t${i}`, 4, i % 2 ? "id" : "transaction_id"));
    const batches = intoBatches(groups);
    expect(batches).toHaveLength(100);
    expect(batches.every((c) => c.groups.reduce((n, g) => n + g.rows.length, 0) === 100)).toBe(true);
  });
});
