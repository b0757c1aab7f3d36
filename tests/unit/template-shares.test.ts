// A template's lines on a gift's total: exact cents, the rest line takes what is left.
import { describe, expect, it } from "vitest";
import { templateSchema } from "@/lib/templates/schema";
import { templateShares } from "@/lib/templates/shares";

const parse = (lines: { kind: string; figure?: string; fund: string }[]) =>
  templateSchema.safeParse({ name: "T", appliesTo: { kind: "fund", value: "General" }, lines });

describe("template shares", () => {
  it("adds up to the total to the cent: percentages rounded down, fixed as given, the rest to its line", () => {
    const t = parse([
      { kind: "percent", figure: "33.33", fund: "A" },
      { kind: "fixed", figure: "0.50", fund: "B" },
      { kind: "remainder", fund: "C" },
    ]);
    expect(t.success).toBe(true);
    if (!t.success) return;
    for (const total of [75, 100, 10_001, 99_999, 123_456_789]) {
      const shares = templateShares(total, t.data.lines);
      expect(shares.ok).toBe(true);
      if (!shares.ok) continue;
      expect(shares.cents[0]).toBe(Math.floor((total * 3333) / 10_000));
      expect(shares.cents[1]).toBe(50);
      expect(shares.cents.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it("says so when fixed amounts and percentages come to more than the gift", () => {
    const t = parse([
      { kind: "fixed", figure: "10.00", fund: "A" },
      { kind: "remainder", fund: "C" },
    ]);
    if (!t.success) throw t.error;
    expect(templateShares(999, t.data.lines)).toEqual({
      ok: false,
      error: "The template's fixed amounts and percentages come to more than this gift.",
    });
  });

  it("refuses a template without exactly one rest line, percentages over 100%, and bad figures", () => {
    const messages = (r: ReturnType<typeof parse>) => (r.success ? [] : r.error.issues.map((i) => i.message));
    expect(messages(parse([{ kind: "percent", figure: "100", fund: "A" }]))).toContain(
      "One line, exactly, takes the rest of the gift: it makes every gift add up to the cent.",
    );
    expect(
      messages(
        parse([
          { kind: "percent", figure: "70", fund: "A" },
          { kind: "percent", figure: "40", fund: "B" },
          { kind: "remainder", fund: "C" },
        ]),
      ),
    ).toContain("The percentages add up to 110%: at most 100% (the rest line takes what is left).");
    expect(
      messages(
        parse([
          { kind: "fixed", figure: "12.345", fund: "A" },
          { kind: "remainder", fund: "C" },
        ]),
      ).length,
    ).toBe(1);
  });
});
