import { describe, expect, it } from "vitest";
import { headerProblem, normalizeHeader } from "@/lib/bulk/csv-format";
import { uploadParts, readCsv } from "@/lib/bulk/csv-read";

describe("reading a bulk CSV", () => {
  it("groups lines by transaction in order of first appearance, with their line numbers", async () => {
    const csv = [
      "Transaction ID,Amount,Fund,Campaign",
      "t1,60.00,Scholarships,Spring",
      "t2,25.00,General,",
      "",
      "t1,40.00,General,Spring",
    ].join("\r\n");
    const result = await readCsv(csv);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.columns).toEqual(["Transaction ID", "Amount", "Fund", "Campaign"]);
    expect(result.rowCount).toBe(3);
    expect(result.groups.map((g) => [g.transaction, g.rows.map((r) => r.line)])).toEqual([
      ["t1", [2, 5]],
      ["t2", [3]],
    ]);
    expect(result.groups[0]?.rows[1]?.values).toEqual({
      "Transaction ID": "t1",
      Amount: "40.00",
      Fund: "General",
      Campaign: "Spring",
    });
  });

  it("keeps quoted commas and quotes inside values", async () => {
    const result = await readCsv('transaction_id,amount,fund\nt1,10.00,"Books, Ink and ""Paper"""\n');
    expect(result.ok && result.groups[0]?.rows[0]?.values.fund).toBe('Books, Ink and "Paper"');
  });

  it("marks a line with too few values instead of guessing", async () => {
    const result = await readCsv("transaction_id,amount,fund\nt1,10.00\nt2,5.00,General\n");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.groups[0]?.rows[0]?.problem).toBe("This line has fewer values than the header has columns.");
    expect(result.groups[1]?.rows[0]?.problem).toBeUndefined();
  });

  it("refuses a file without the required columns, naming them", async () => {
    const result = await readCsv("id,value\n1,2\n");
    expect(result).toEqual({ ok: false, error: expect.stringContaining("no transaction_id, amount, fund columns") });
  });

  it("refuses a file naming more transactions than one allocation may hold", async () => {
    const lines = Array.from({ length: 10_001 }, (_, i) => `t${i},1.00,General`);
    const result = await readCsv(`transaction_id,amount,fund\n${lines.join("\n")}`);
    expect(result).toEqual({ ok: false, error: expect.stringContaining("more than 10,000 gifts") });
  });

  it("refuses an empty file and a header alone", async () => {
    expect(await readCsv("")).toMatchObject({ ok: false });
    expect(await readCsv("transaction_id,amount,fund\n")).toEqual({
      ok: false,
      error: "The file has a header but no lines under it.",
    });
  });

  it("reports progress as it goes", async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `t${i % 1000},1.00,General`);
    const seen: number[] = [];
    const result = await readCsv(`transaction_id,amount,fund\n${lines.join("\n")}`, (f) => seen.push(f));
    expect(result.ok && result.rowCount).toBe(30_000);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(1);
  });
});

describe("the header", () => {
  it("matches headers written by people and spreadsheets", () => {
    expect(normalizeHeader("\uFEFF Campaign ID ")).toBe("campaign_id");
    expect(normalizeHeader("parent-campaign")).toBe("parent_campaign");
    expect(headerProblem(["TRANSACTION_ID", "Amount", "Fund"])).toBeNull();
    expect(headerProblem(["transaction_id", "amount", "fund", "Fund"])).toBe("The column Fund appears twice.");
  });
});

describe("parts", () => {
  it("never splits a transaction across two requests", () => {
    const group = (name: string, n: number) => ({
      transaction: name,
      rows: Array.from({ length: n }, (_, i) => ({ line: i + 2, values: {} })),
    });
    const parts = uploadParts([group("a", 3), group("b", 3), group("c", 5), group("d", 1)], 6);
    expect(parts.map((b) => b.map((g) => g.transaction))).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("also keeps each request under a size, for lines with long values", () => {
    const long = (name: string) => ({ transaction: name, rows: [{ line: 2, values: { fund: "x".repeat(400) } }] });
    const parts = uploadParts([long("a"), long("b"), long("c")], 5_000, 1_000);
    expect(parts.map((b) => b.map((g) => g.transaction))).toEqual([["a", "b"], ["c"]]);
  });
});

describe("problems land on their own line", () => {
  it("puts a quote problem on the line that has it", async () => {
    const result = await readCsv('transaction_id,amount,fund\nt1,1.00,"Gen"eral"\nt2,2.00,General\n');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const rows = result.groups.flatMap((g) => g.rows.map((r) => [r.line, r.problem]));
    expect(rows).toEqual([
      [2, expect.stringContaining("quote")],
      [3, undefined],
    ]);
  });

  it("flags a field-count problem past the first megabyte", async () => {
    const good = Array.from({ length: 80_000 }, (_, i) => `t${i % 500},1.00,General`);
    const csv = ["transaction_id,amount,fund", ...good, "t1,5.00,General,Spring, 2026", "t2,5.00"].join("\n");
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const result = await readCsv(csv);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const flagged = result.groups.flatMap((g) => g.rows.filter((r) => r.problem).map((r) => [r.line, r.problem]));
    expect(flagged).toEqual([
      [80_002, "This line has more values than the header has columns."],
      [80_003, "This line has fewer values than the header has columns."],
    ]);
  });

  it("stops an unclosed quote at 500 characters and says so, and removes NUL characters", async () => {
    const result = await readCsv(`transaction_id,amount,fund\nt1,1.00,"General\n${"t2,2.00,x\n".repeat(100)}`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const row = result.groups[0]?.rows[0];
    expect(row?.values.fund).toHaveLength(500);
    expect(row?.problem).toContain("fund: longer than 500 characters (an unclosed quote?).");

    const nul = await readCsv("transaction_id,amount,fund\nt1,1.00,Gen\u0000eral\n");
    expect(nul.ok && nul.groups[0]?.rows[0]).toMatchObject({
      values: { fund: "General" },
      problem: "fund: contains a NUL character.",
    });
  });

  it("refuses a header naming the same column twice", async () => {
    expect(await readCsv("transaction_id,amount,fund,fund\nt1,1.00,A,B\n")).toEqual({
      ok: false,
      error: "The column fund appears twice.",
    });
  });
});
