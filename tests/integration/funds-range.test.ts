// Ranges PostgreSQL cannot hold (year 0, the day after 9999-12-31) passed the
// funds range's schema and answered 500 from the report, the CSV and the page. Only days both
// PostgreSQL and a JavaScript Date hold, and that a gift can have, are accepted: 422 naming the
// field otherwise, with the accepted range in the words. Both ends of it are read without error.
import { describe, expect, it } from "vitest";
import { fundsCsv } from "@/lib/funds/csv";
import { fundsRangeSchema } from "@/lib/funds/range";
import { fundsReport } from "@/lib/funds/report";
import { errorResponse } from "@/lib/http/errors";
import { withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();

async function refusal(query: Record<string, string>) {
  const parsed = fundsRangeSchema.safeParse(query);
  expect(parsed.success, JSON.stringify(query)).toBe(false);
  const answer = errorResponse(parsed.error);
  expect(answer.status).toBe(422);
  return ((await answer.json()) as { error: { fields: Record<string, string[]> } }).error.fields;
}

describe("the funds range holds only days PostgreSQL holds", () => {
  it("refuses days outside 1900-01-01 … 9999-12-30, naming the field and the range", async () => {
    const words = { from: [`Choose a start date from 1900-01-01 to 9999-12-30.`] };
    expect(await refusal({ from: "0000-01-01", to: "0001-01-01" })).toMatchObject(words);
    expect(await refusal({ from: "9999-12-31", to: "9999-12-31" })).toMatchObject(words);
    expect(await refusal({ from: "1899-12-31", to: "1900-01-01" })).toEqual(words);
    expect(await refusal({ from: "2024-01-01", to: "9999-12-31" })).toEqual({
      to: [`Choose an end date from 1900-01-01 to 9999-12-30.`],
    });
    // A year typed short is not the first century.
    expect(await refusal({ from: "0024-01-01", to: "0024-12-31" })).toHaveProperty("from");
    // Not a day at all: its own words alone.
    expect(await refusal({ from: "abc" })).toEqual({ from: ["Give the start date like 2026-01-31."] });
  });

  it("reads both ends of the accepted range from PostgreSQL, report and CSV", async () => {
    for (const query of [
      { from: "1900-01-01", to: "1919-12-31" },
      { from: "9980-01-01", to: "9999-12-30" },
    ]) {
      const report = await fundsReport(org.connection.id, fundsRangeSchema.parse(query));
      expect(report).toMatchObject({ from: query.from, to: query.to, gifts: 0 });
      expect([...fundsCsv(report)].join("")).toMatch(/^\ufeffsection,name,/);
    }
  });
});
