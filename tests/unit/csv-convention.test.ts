// The one convention of the CSV files Apportion gives out (lib/csv/csv-safe.ts): a byte-order
// mark, a header and records with no blank line between, amounts as plain numbers, and the
// formula guard, which leaves a plain negative number a number.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvHead, csvPart, plainAmount, safeCsv } from "@/lib/csv/csv-safe";

describe("CSV convention", () => {
  it("writes a byte-order mark, the header and parts with no empty record between them", () => {
    const text = [
      csvHead(["name", "amount"]),
      csvPart([]),
      csvPart([["Café → Ops", "12.50"]]),
      csvPart([["B", "1.00"]]),
    ].join("");
    expect(text).toBe("\uFEFFname,amount\r\nCafé → Ops,12.50\r\nB,1.00");
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
    expect(parsed.data).toEqual([
      ["name", "amount"],
      ["Café → Ops", "12.50"],
      ["B", "1.00"],
    ]);
  });

  it("writes amounts exactly from cents, negative ones as numbers", () => {
    expect([0, 1, 99, 100, 123_456, -1_250, -5].map(plainAmount)).toEqual([
      "0.00",
      "0.01",
      "0.99",
      "1.00",
      "1234.56",
      "-12.50",
      "-0.05",
    ]);
    expect(safeCsv([["-12.50", "-1", "-0.05"]])).toBe("-12.50,-1,-0.05");
  });

  it("still guards anything else that a spreadsheet would run", () => {
    const guarded = ["=1+2", "-2+3", "+1", "@SUM(A1)", "-12.50;x", "-1e3", "-1\n=cmd"];
    const [back] = Papa.parse<string[]>(safeCsv([guarded])).data;
    expect(back).toEqual(guarded.map((v) => `'${v}`));
  });
});
