import { describe, expect, it } from "vitest";
import { allocatedCents, remainderFor, splitEvenly } from "@/lib/splits/allocate";
import { allocationSchema, sumProblem } from "@/lib/splits/schema";
import { splitRowInput } from "../support/split-input";

describe("split evenly", () => {
  it.each([
    [10_000, 3, [3334, 3333, 3333]],
    [10_001, 2, [5001, 5000]],
    [2, 3, [1, 1, 0]],
    [100, 1, [100]],
    [99, 4, [25, 25, 25, 24]],
  ])("splits %i cents %i ways exactly, leftover cents first", (total, n, expected) => {
    const parts = splitEvenly(total, n);
    expect(parts).toEqual(expected);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it("is exact for every count up to 100", () => {
    for (let n = 1; n <= 100; n++) {
      const parts = splitEvenly(123_457, n);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(123_457);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    }
  });

  it("refuses a count that is not a positive integer", () => {
    expect(() => splitEvenly(100, 0)).toThrow(RangeError);
  });
});

describe("remainder and sums", () => {
  const rows = [
    { cents: 2000, quantity: 2 },
    { cents: 1000, quantity: 1 },
    { cents: null, quantity: 1 },
  ];
  it("counts amount × quantity and ignores rows that do not parse", () => {
    expect(allocatedCents(rows)).toBe(5000);
  });
  it("puts the remainder on the chosen row", () => {
    expect(remainderFor(10_000, rows, 2)).toBe(5000);
    expect(remainderFor(10_000, rows, 1)).toBe(6000);
  });
});

function row(amount: string, extra: Record<string, string> = {}) {
  return splitRowInput(`ext-1:${Math.random().toString(36).slice(2)}`, amount, extra);
}

describe("the allocation schema (shared by the editor and the server)", () => {
  const base = { transactionId: "t1", totalCents: 10_000, currency: "USD", removedSplitIds: [] };

  it("accepts rows that add up, the spec's own example included", () => {
    const parsed = allocationSchema.parse({
      ...base,
      rows: [row("20.00", { quantity: "2" }), row("30.00", { quantity: "2" })],
    });
    expect(parsed.rows.map((r) => [r.amount, r.quantity])).toEqual([
      [2000, 2],
      [3000, 2],
    ]);
    expect(parsed.rows[0]?.campaign).toBeUndefined();
  });

  it("says by how much the sum is off, on the rows path", () => {
    const result = allocationSchema.safeParse({ ...base, rows: [row("60.00"), row("30.00")] });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path.join(".") === "rows");
    expect(issue?.message).toBe("The splits add up to $90.00: $10.00 short of the $100.00 total.");
    expect(sumProblem(10_050, 10_000)).toContain("$0.50 over");
  });

  it("puts each field's message on its own path", () => {
    const result = allocationSchema.safeParse({
      ...base,
      rows: [row("1e3"), row("50", { fund: "  ", quantity: "0" }), row("50", { parentCampaign: "Spring" })],
    });
    const byPath = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byPath["rows.0.amount"]).toContain("plain digits");
    expect(byPath["rows.1.fund"]).toContain("Enter a fund");
    expect(byPath["rows.1.quantity"]).toContain("whole number");
  });

  it("needs a campaign under a parent campaign", () => {
    const result = allocationSchema.safeParse({ ...base, rows: [row("100", { parentCampaign: "Spring" })] });
    expect(result.error!.issues.map((i) => i.path.join("."))).toContain("rows.0.campaign");
  });

  it("keeps unicode and markup as plain text, refuses control characters", () => {
    const ok = allocationSchema.parse({ ...base, rows: [row("100", { campaign: "Été <b>2026</b> 🎉" })] });
    expect(ok.rows[0]?.campaign).toBe("Été <b>2026</b> 🎉");
    const bad = allocationSchema.safeParse({ ...base, rows: [row("100", { fund: "Gen\u0000eral" })] });
    expect(bad.error!.issues[0]?.message).toContain("control characters");
  });

  it("gives every refusal of a name, in order, and keeps checking the sum past it", () => {
    const name = `${"x".repeat(201)}\u0000\ud800`;
    const result = allocationSchema.safeParse({ ...base, rows: [row("60.00", { campaign: name })] });
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["rows.0.campaign", "Campaign can be at most 200 characters."],
      ["rows.0.campaign", "Campaign cannot contain control characters."],
      ["rows.0.campaign", expect.stringContaining("incomplete character")],
      ["rows", "The splits add up to $60.00: $40.00 short of the $100.00 total."],
    ]);
  });

  it("stops at an amount it cannot read: no sum without it", () => {
    const result = allocationSchema.safeParse({ ...base, rows: [row("abc"), row("30.00")] });
    expect(result.error!.issues.map((i) => i.path.join("."))).toEqual(["rows.0.amount"]);
  });

  it("refuses duplicate split ids and more than 100 rows", () => {
    const twin = row("50");
    const dup = allocationSchema.safeParse({ ...base, rows: [twin, { ...twin }] });
    expect(dup.error!.issues.some((i) => i.message.includes("same id"))).toBe(true);
    const many = allocationSchema.safeParse({
      ...base,
      totalCents: 101,
      rows: Array.from({ length: 101 }, () => row("0.01")),
    });
    expect(many.error!.issues.some((i) => i.message.includes("at most 100"))).toBe(true);
  });
});
