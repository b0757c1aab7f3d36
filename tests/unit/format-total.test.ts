// Sums of many gifts are formatted from their exact cents: past 2^53 a number would round.
import { describe, expect, it } from "vitest";
import { formatCount, formatTotalCents } from "@/lib/splits/format-total";

describe("formatTotalCents", () => {
  it("formats every digit of a sum past 2^53 cents, with thousands separators", () => {
    expect(formatTotalCents("9007199254741023")).toBe("$90,071,992,547,410.23");
    expect(formatTotalCents(9_007_199_254_740_993n)).toBe("$90,071,992,547,409.93");
  });

  it("keeps the cents of small sums and formats other currencies", () => {
    expect(formatTotalCents("0")).toBe("$0.00");
    expect(formatTotalCents("30")).toBe("$0.30");
    expect(formatTotalCents("-105")).toBe("-$1.05");
    expect(formatTotalCents("1234567", "EUR")).toBe("€12,345.67");
  });

  it("separates the thousands of a count", () => {
    expect(formatCount(200_012)).toBe("200,012");
  });
});
