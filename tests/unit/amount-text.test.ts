import { beforeAll, describe, expect, it } from "vitest";
import { loadExpressions, readAmount } from "@/lib/splits/amount-text";

beforeAll(async () => {
  await loadExpressions();
});

const TOTAL = 10_000;

describe("readAmount: what an amount field may hold", () => {
  it.each([
    ["12.50", { kind: "amount", cents: 1250 }],
    ["$7", { kind: "amount", cents: 700 }],
    ["25%", { kind: "percent", cents: 2500, basisPoints: 2500 }],
    ["12.5 %", { kind: "percent", cents: 1250, basisPoints: 1250 }],
    ["100/3", { kind: "expression", cents: 3333, rounded: true }],
    ["200/3", { kind: "expression", cents: 6667, rounded: true }],
    ["(40+35)*2", { kind: "expression", cents: 15000, rounded: false }],
    ["10 - 2.5", { kind: "expression", cents: 750, rounded: false }],
    ["99.99 × 2", { kind: "expression", cents: 19998, rounded: false }],
    ["1 ÷ 8", { kind: "expression", cents: 13, rounded: true }], // 12.5 cents rounds half up
    ["0.015*1", { kind: "expression", cents: 2, rounded: true }],
    // Floats would be off: 0.1 + 0.2 = 0.30000000000000004; the fractions are exact.
    ["0.1+0.2", { kind: "expression", cents: 30, rounded: false }],
  ])("reads %j", (text, value) => {
    expect(readAmount(text, TOTAL)).toEqual({ ok: true, value });
  });

  it.each([
    ["", "Enter an amount"],
    ["abc", "digits"],
    ["100/0", "divide by zero"],
    ["5-10", "more than 0"],
    ["100/", "not complete"],
    ["(1+2", "not complete"],
    ["1+2)", "not complete"],
    ["2^3", "digits"],
    ["2+3a", "digits, + - * / and parentheses"],
    ["0.001/1", "less than one cent"],
    ["1+".repeat(13) + "1", "at most 12 operations"],
    ["1".repeat(61) + "+1", "under 60 characters"],
    ["((((((((1))))))))", "not complete"],
    ["101%", "at most 100%"],
    ["-5", "more than 0"],
    ["9007199254740991*100", "too large"],
  ])("refuses %j with a message naming the fix", (text, message) => {
    const read = readAmount(text, TOTAL);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain(message);
  });
});
