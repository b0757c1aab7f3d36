import { describe, expect, it } from "vitest";
import { centsToInput, formatCents, parseMoney, parsePercent, percentOf } from "@/lib/splits/money";
import { parseAmount, plainCents } from "@/lib/splits/plain-cents";

describe("parseMoney", () => {
  it.each([
    ["12.34", 1234],
    ["12.3", 1230],
    ["12", 1200],
    ["12.", 1200],
    [" 0.01 ", 1],
    ["$5.00", 500],
    ["0012.50", 1250],
    ["90071992547409.91", 9007199254740991],
    // Values whose float product would be off: 1.15 * 100 = 114.99999999999999
    ["1.15", 115],
    ["4.35", 435],
    ["1005.07", 100507],
    // As a spreadsheet reads them.
    [".5", 50],
    // Thousands grouped as QuickBooks and Xero read them.
    ["1,000", 100000],
    ["$1,234.50", 123450],
    ["12,345,678.9", 1234567890],
    ["$.99", 99],
    // The editor's own form, read by the fast path: the same answers as the general one.
    ["007.50", 750],
    ["1234567890123.45", 123456789012345],
    ["12345678901234.56", 1234567890123456],
  ])("reads %s as %i cents", (text, cents) => {
    expect(parseMoney(text)).toEqual({ ok: true, value: cents });
  });

  it.each([
    ["", "Enter an amount"],
    ["1,23.5", "a comma only groups three digits"],
    ["12,3456", "a comma only groups three digits"],
    ["2,5", "Use a dot for cents: write 2.5, not 2,5."],
    ["12,50", "Use a dot for cents: write 12.50, not 12,50."],
    ["1,2345.00", "a comma only groups three digits"],
    ["0,500", "a comma only groups three digits"],
    ["000,100", "a comma only groups three digits"],
    ["0.001", "at most 2 decimal places"],
    ["-5", "more than 0"],
    ["0", "more than 0"],
    ["0.00", "more than 0"],
    ["000.00", "more than 0"],
    ["12.3a", "digits with an optional decimal point"],
    ["-1.00", "more than 0"],
    ["1e3", "plain digits"],
    ["abc", "digits with an optional decimal point"],
    ["12.3.4", "digits with an optional decimal point"],
    [".", "digits with an optional decimal point"],
    ["90071992547409.92", "too large"],
    ["99999999999999999999", "too large"],
    ["Infinity", "digits"],
    ["NaN", "digits"],
  ])("refuses %j with a clear message", (text, message) => {
    const parsed = parseMoney(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});

describe("the schema's amount reader", () => {
  it("reads the editor's own form in one pass, and answers as parseMoney for every input", () => {
    expect(plainCents("1234.56")).toBe(123456);
    expect(plainCents("12.5")).toBeNull();
    expect(plainCents("0.00")).toBeNull();
    const inputs = [
      "007.50",
      "0.01",
      "1234567890123.45",
      "12345678901234.56",
      "0.00",
      "000.00",
      "12.3a",
      "-1.00",
      " 1.00",
      "1.00 ",
      "$1.00",
      "1,000.00",
      "1.234",
      ".50",
      "5.",
      "1e3.00",
      "١٢.٣٤",
      "+1.00",
      "",
    ];
    for (let i = 0; i < 2_000; i++)
      inputs.push(`${Math.floor(Math.random() * 1e6)}.${String(i % 100).padStart(2, "0")}`);
    for (const input of inputs) expect(parseAmount(input), input).toEqual(parseMoney(input));
  });
});

describe("percent entry", () => {
  it("reads percentages as hundredths and computes shares on integers", () => {
    expect(parsePercent("25%")).toEqual({ ok: true, value: 2500 });
    expect(parsePercent("12.5 %")).toEqual({ ok: true, value: 1250 });
    expect(parsePercent("12.50")).toBeNull();
    expect(parsePercent("0%")?.ok).toBe(false);
    expect(parsePercent("101%")?.ok).toBe(false);
    expect(parsePercent("1e2%")?.ok).toBe(false);
    expect(parsePercent(".5%")).toEqual({ ok: true, value: 50 });
    expect(parsePercent("%")?.ok).toBe(false);
    expect(parsePercent("12.345%")).toEqual({
      ok: false,
      error: "Percentages have at most 2 decimal places, like 12.35%.",
    });
    expect(percentOf(10_001, 2500)).toBe(2500); // 2500.25 rounds down
    expect(percentOf(10_002, 2500)).toBe(2501); // 2500.5 rounds half up
    expect(percentOf(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe("formatting", () => {
  it("formats cents for people and for inputs", () => {
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(5)).toBe("$0.05");
    expect(centsToInput(1230)).toBe("12.30");
    expect(centsToInput(7)).toBe("0.07");
    expect(centsToInput(-250)).toBe("-2.50");
  });
});
