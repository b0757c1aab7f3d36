import { describe, expect, it } from "vitest";
import { storedAllocation, storedCheckedRows, storedRuleLines } from "@/lib/bulk/stored";
import { readStoredJson, StoredJsonError } from "@/lib/stored-json";

describe("stored JSON columns", () => {
  it("reads an allocation as check.ts wrote it: keys left out come back undefined", () => {
    const written = JSON.parse(
      JSON.stringify({
        transactionId: "9001",
        totalCents: 10_000,
        currency: "USD",
        rows: [{ splitId: "ext-1:1", amount: 10_000, quantity: 1, fund: "General", campaign: undefined }],
        removedSplitIds: ["ext-1:2"],
      }),
    );
    const read = readStoredJson(storedAllocation, written, "BulkDraftItem.allocation");
    expect(read.rows[0]).toMatchObject({ splitId: "ext-1:1", amount: 10_000, fund: "General" });
    expect(read.rows[0]!.campaign).toBeUndefined();
    expect(read.removedSplitIds).toEqual(["ext-1:2"]);
  });

  it("refuses a wrongly shaped value loudly, naming the column and the field", () => {
    const amountAsText = {
      transactionId: "9001",
      totalCents: 100,
      currency: "USD",
      rows: [{ splitId: "a", amount: "1.00", quantity: 1, fund: "General" }],
      removedSplitIds: [],
    };
    expect(() => readStoredJson(storedAllocation, amountAsText, "BulkDraftItem.allocation")).toThrow(StoredJsonError);
    expect(() => readStoredJson(storedAllocation, amountAsText, "BulkDraftItem.allocation")).toThrow(
      /Stored BulkDraftItem\.allocation .*rows\.0\.amount/,
    );
    expect(() =>
      readStoredJson(storedCheckedRows, [{ line: "7", values: {}, errors: [] }], "BulkDraftItem.rows"),
    ).toThrow(/BulkDraftItem\.rows/);
    expect(() =>
      readStoredJson(storedRuleLines, [{ fund: "Food", basisPoints: 60.5 }], "AllocationRule.lines"),
    ).toThrow(StoredJsonError);
  });

  it("is not a ZodError, so a route answers 500 (the server's fault), not 422", () => {
    try {
      readStoredJson(storedRuleLines, null, "AllocationRule.lines");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(StoredJsonError);
      expect((error as Error).name).toBe("StoredJsonError");
    }
  });
});
