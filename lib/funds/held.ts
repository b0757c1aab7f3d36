// The page's money per fund and per campaign, from the per-day totals (day-sums.ts: the stored
// days plus the dirty ones counted from the copy, always equal to the recount of totals.ts). An
// organization whose totals are not built yet, a span mostly dirty, or a range not made of whole
// UTC days is recounted from every gift.
import "server-only";
import { sumDays } from "./day-sums";
import { PLACE } from "./day-places";
import type { FundsRange } from "./range";
import { type MoneyHeld, type PlaceRow, placeTotals, recountMoneyHeld } from "./totals";

const DAY_MS = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

export async function moneyHeld(connectionId: string, range: Pick<FundsRange, "start" | "end">): Promise<MoneyHeld> {
  const wholeDays = range.start.getTime() % DAY_MS === 0 && range.end.getTime() % DAY_MS === 0;
  const rows = wholeDays
    ? await sumDays(
        connectionId,
        { from: isoDay(range.start), until: isoDay(range.end) },
        { kinds: [PLACE.fund, PLACE.campaign, PLACE.all] },
      )
    : null;
  if (rows === null) return recountMoneyHeld(connectionId, range);
  const places: PlaceRow[] = [];
  let gifts = 0;
  for (const r of rows) {
    if (r.kind === PLACE.all) gifts += Number(r.gifts);
    else
      places.push({
        byCampaign: r.kind === PLACE.campaign ? 1 : 0,
        currency: r.currency,
        fund: r.kind === PLACE.fund ? r.key : null,
        campaign: r.campaign,
        campaignId: r.campaignId,
        cents: Number(r.cents),
        gifts: Number(r.gifts),
      });
  }
  return placeTotals(places, gifts);
}
