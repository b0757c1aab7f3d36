// The funds page's table as a CSV for finance: one line per fund, per campaign, and per fund that
// Apportion moved money in or out of, for the page's range. Written by the one CSV convention
// (lib/csv/csv-safe.ts): a byte-order mark, no blank line, amounts as plain numbers ("1234.56",
// no currency sign or grouping, so a spreadsheet reads them as numbers) with the currency in its
// own column, and the formula guard (fund and campaign names are typed by people).
import "server-only";
import { csvHead, csvPart, plainAmount } from "@/lib/csv/csv-safe";
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

/** The CSV's text, a section at a time (header first), for the route to stream. `gifts`: the
 *  gifts with money in that fund or campaign (a split gift counts in each one it touches). For
 *  "moved", `amount` is the net change (after − before), negative when money left the fund. */
export function* fundsCsv(report: FundsReport): Generator<string> {
  const { from, to } = report;
  yield csvHead(FUNDS_CSV_FIELDS);
  const sections: string[][][] = [
    report.funds.map((f) => ["fund", f.fund, f.currency, plainAmount(f.cents), String(f.gifts), "", "", from, to]),
    report.campaigns.map((c) => [
      "campaign",
      c.campaign ?? (c.campaignId ? `campaign id ${c.campaignId}` : "No campaign"),
      c.currency,
      plainAmount(c.cents),
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
      plainAmount(m.afterCents - m.beforeCents),
      "",
      plainAmount(m.beforeCents),
      plainAmount(m.afterCents),
      from,
      to,
    ]),
  ];
  for (const lines of sections) {
    const part = csvPart(lines);
    if (part) yield part;
  }
}
