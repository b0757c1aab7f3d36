// The funds page's table as a CSV for finance: one line per fund, per campaign, and per fund that
// Apportion moved money in or out of, for the page's range. Amounts in dollars with two decimals
// and no currency sign or grouping, so a spreadsheet reads them as numbers; the currency has its
// own column. Values go through the one formula guard (lib/bulk/csv-safe.ts): fund and campaign
// names are typed by people.
import "server-only";
import { safeCsv } from "@/lib/bulk/csv-safe";
import type { FundsReport } from "./report";

export const FUNDS_CSV_FIELDS = [
  "section",
  "name",
  "currency",
  "amount",
  "gifts",
  "before",
  "after",
  "from",
  "to",
] as const;

/** 123456 → "1234.56": exact, from the integer. (A negative amount, a refund the service may
 *  hold, starts with "-" and is quoted into text by the formula guard: safety over convenience.) */
export function plainDollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The CSV's text, a section at a time (header first), for the route to stream. */
export function* fundsCsv(report: FundsReport): Generator<string> {
  const { from, to } = report;
  yield safeCsv([], FUNDS_CSV_FIELDS);
  const sections: string[][][] = [
    report.funds.map((f) => ["fund", f.fund, f.currency, plainDollars(f.cents), String(f.gifts), "", "", from, to]),
    report.campaigns.map((c) => [
      "campaign",
      c.campaign ?? (c.campaignId ? `campaign id ${c.campaignId}` : "No campaign"),
      c.currency,
      plainDollars(c.cents),
      String(c.gifts),
      "",
      "",
      from,
      to,
    ]),
    report.moved.map((m) => [
      "moved",
      m.fund,
      m.currency,
      // No net change here: a negative number would start with "-", which the formula guard
      // quotes into text. Before and after are never negative.
      "",
      "",
      plainDollars(m.beforeCents),
      plainDollars(m.afterCents),
      from,
      to,
    ]),
  ];
  for (const lines of sections) if (lines.length > 0) yield `\r\n${safeCsv(lines)}`;
  yield "\r\n";
}
