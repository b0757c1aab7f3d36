import { describe, expect, it } from "vitest";
import { applyRule, formatBasisPoints, parseRulePercent } from "@/lib/bulk/basis-points";
import { ruleSchema } from "@/lib/bulk/rule";

const line = (fund: string, percent: string) => ({ fund, percent });

describe("rule percentages", () => {
  it.each([
    ["60", 6000],
    ["60%", 6000],
    [" 33.33 ", 3333],
    ["12.5", 1250],
    ["100", 10000],
    ["0.01", 1],
  ])("reads %j as %d basis points", (text, value) => {
    expect(parseRulePercent(text)).toEqual({ ok: true, value });
  });

  it.each(["", "0", "100.01", "-5", "1e2", "33.333", "sixty", "1,5"])("refuses %j with words", (text) => {
    const parsed = parseRulePercent(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/percentage/i);
  });

  it("writes basis points back as the admin would type them", () => {
    expect([6000, 3333, 1250, 1, 10000].map(formatBasisPoints)).toEqual(["60", "33.33", "12.5", "0.01", "100"]);
  });
});

describe("the rule schema", () => {
  it("says how far the percentages are from 100%", () => {
    const result = ruleSchema.safeParse({ lines: [line("A", "60"), line("B", "30")], leftoverLine: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain("The percentages add up to 90%: 10% short of 100%.");
  });

  it("needs the leftover line to be one of the lines and every line to name a fund", () => {
    const result = ruleSchema.safeParse({ lines: [line("", "50"), line("B", "50")], leftoverLine: 2 });
    const messages = result.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toEqual([
      "lines.0.fund: Enter a fund (General when it is unknown).",
      "leftoverLine: Choose the line that gets the leftover cents.",
    ]);
  });
});

describe("applying a rule", () => {
  const rule = (leftoverLine: number) =>
    ruleSchema.parse({ lines: [line("Scholarships", "60"), line("General", "40")], leftoverLine });

  it("splits 60/40 exactly when the total allows", () => {
    expect(applyRule(10000, rule(0))).toEqual([6000, 4000]);
  });

  it("gives the cents rounding leaves over to the named line", () => {
    expect(applyRule(12345, rule(0))).toEqual([7407, 4938]);
    expect(applyRule(12345, rule(1))).toEqual([7407, 4938]);
    expect(applyRule(333, rule(1))).toEqual([199, 134]);
    expect(applyRule(333, rule(0))).toEqual([200, 133]);
  });

  it("always adds up to the total, for thirds and for totals beyond 2^53 / 10000", () => {
    const thirds = ruleSchema.parse({
      lines: [line("A", "33.33"), line("B", "33.33"), line("C", "33.34")],
      leftoverLine: 2,
    });
    for (const total of [1, 2, 99, 100, 10001, 123457, 9_007_199_254_740_991]) {
      const shares = applyRule(total, thirds);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(shares.every((s) => Number.isSafeInteger(s) && s >= 0)).toBe(true);
    }
  });

  it("leaves a 1 cent gift to the leftover line", () => {
    expect(applyRule(1, rule(1))).toEqual([0, 1]);
  });
});
