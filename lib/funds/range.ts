// The date range of "Where the money is": two calendar days, both included, read as UTC days as
// the gifts list reads its own date filter (lib/transactions/read.ts, whereFor), so a fund's
// "see its gifts" link lists exactly the gifts its total was summed from. The page and both API
// routes parse the query with this one schema; a bad range is a 422 naming the field.
import "server-only";
import { z } from "zod";

const DAY_MS = 86_400_000;

/** Wider than this is refused: no organization's copy goes back further, and the bench's p95 is for it. */
export const MAX_RANGE_DAYS = 366 * 20;

/**
 * The days a range may name (year 0 and the day after 9999-12-31 once passed the
 * checks and PostgreSQL refused them: a 500). The range's instants reach PostgreSQL as ISO text
 * (utcInstant, lib/db-sql.ts): it has no year 0 ("0000-01-01": out of range), and JavaScript writes
 * the instant after 9999-12-31 as "+010000-01-01T…", which it cannot read. The first day: no gift
 * a fundraising service holds is older, and a year typed short ("0024" for 2024) is refused in
 * words rather than read as the first century. The last: the range ends at the start of the day
 * after `to`, so `to` stops a day before 10000-01-01.
 */
export const FIRST_DAY = "1900-01-01";
export const LAST_DAY = "9999-12-30";

const day = (label: string, article: string) =>
  z
    .string()
    .trim()
    .max(10, `Give the ${label} date like 2026-01-31.`)
    .pipe(
      z.iso
        .date(`Give the ${label} date like 2026-01-31.`)
        // ISO days of four-digit years compare as text (one not a day has its own message).
        .refine(
          (d) => !/^\d{4}-\d\d-\d\d$/.test(d) || (d >= FIRST_DAY && d <= LAST_DAY),
          `Choose ${article} ${label} date from ${FIRST_DAY} to ${LAST_DAY}.`,
        ),
    )
    .optional()
    .or(z.literal("").transform(() => undefined));

export const fundsRangeSchema = z.object({ from: day("start", "a"), to: day("end", "an") }).transform((input, ctx) => {
  const today = new Date().toISOString().slice(0, 10);
  // Default: this year so far, the figure a finance admin is most often asked for.
  const to = input.to ?? today;
  const from = input.from ?? `${to.slice(0, 4)}-01-01`;
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  if (end <= start) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "The end date is before the start date." });
    return z.NEVER;
  }
  if ((end - start) / DAY_MS > MAX_RANGE_DAYS) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "Choose a range of at most 20 years." });
    return z.NEVER;
  }
  return { from, to, start: new Date(start), end: new Date(end) };
});

/** Both days as typed (or defaulted), and the instants they cover: start included, end excluded. */
export type FundsRange = z.infer<typeof fundsRangeSchema>;

/** The query string of a range, for links and the CSV. */
export function rangeQuery(range: Pick<FundsRange, "from" | "to">): string {
  return new URLSearchParams({ from: range.from, to: range.to }).toString();
}
