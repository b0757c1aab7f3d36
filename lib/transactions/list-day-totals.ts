// The gifts list's count and exact sum from the Funds page's per-day totals (lib/funds/day-sums.ts)
// where the filters are ones those totals hold: a campaign (by id) or a fund, by where the gifts'
// money is, and whole UTC days. At 200,000 gifts, counting and summing the quarter of them a
// campaign holds was 127 ms at p95 (bench/RESULTS.md, "The gifts list at 200,000 gifts, again on a
// quiet machine"); a few hundred day rows are summed instead. Exact, as the count it replaces:
// the day sums count the days not folded yet from the copy. Null where the filters need the gifts
// themselves (a search, split or not, a campaign and a fund together), or the totals are not
// built: listTotals (list-page.ts) counts them.
import "server-only";
import { PLACE } from "@/lib/funds/day-places";
import { sumDays } from "@/lib/funds/day-sums";
import type { GiftFilters } from "./filters";
import type { CurrencyTotal } from "./list-page";

const DAY_MS = 86_400_000;

export async function listTotalsByDay(connectionId: string, f: GiftFilters): Promise<CurrencyTotal[] | null> {
  if (f.search || f.split !== "all" || (f.campaignId && f.fund)) return null;
  const only = f.campaignId
    ? { kinds: [PLACE.campaignId], key: f.campaignId }
    : f.fund
      ? { kinds: [PLACE.fund], key: f.fund }
      : { kinds: [PLACE.all], key: "" };
  const until = f.before ? new Date(Date.parse(`${f.before}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10) : null;
  const rows = await sumDays(connectionId, { from: f.after || null, until }, only);
  if (rows === null) return null;
  return rows
    .map((r) => ({ currency: r.currency, count: Number(r.gifts), sumCents: r.giftCents }))
    .filter((t) => t.count > 0)
    .sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency));
}
