// The page's money per fund and per campaign, from the per-day totals (fold.ts): the range's
// stored days summed in the database (a few hundred rows per place for two years), and the days
// still dirty counted from the copy itself (day-places.ts), in one snapshot, so the answer is
// always the recount's (totals.ts) however far the fold lags. An organization whose totals were
// never built, or a range not made of whole UTC days, is recounted from every gift.
import "server-only";
import { inTransaction, sql, statement } from "@/lib/db-sql";
import { PLACE, placesByDay } from "./day-places";
import type { FundsRange } from "./range";
import { type MoneyHeld, type PlaceRow, placeTotals, recountMoneyHeld } from "./totals";

const DAY_MS = 86_400_000;

/** A place's sums over days (pg gives numeric as text). */
type SummedRow = {
  kind: number;
  currency: string;
  key: string;
  campaign: string | null;
  campaignId: string | null;
  cents: string;
  gifts: string;
};

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

export async function moneyHeld(connectionId: string, range: Pick<FundsRange, "start" | "end">): Promise<MoneyHeld> {
  const wholeDays = range.start.getTime() % DAY_MS === 0 && range.end.getTime() % DAY_MS === 0;
  const [state] = await sql<{ built: boolean }>`
    SELECT EXISTS (SELECT 1 FROM "FundsTotalsState" WHERE "connectionId" = ${connectionId}::uuid) AS built`;
  if (!wholeDays || !state?.built) return recountMoneyHeld(connectionId, range);
  const from = isoDay(range.start);
  const until = isoDay(range.end);
  const rows = await inTransaction(async (client) => {
    await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const dirty = (
      await client.query<{ day: string }>(statement`
        SELECT DISTINCT day::text AS day FROM "FundsDirtyDay"
        WHERE "connectionId" = ${connectionId}::uuid AND day >= ${from}::date AND day < ${until}::date`)
    ).rows.map((r) => r.day);
    const stored = await client.query<SummedRow>(statement`
      SELECT kind, currency, key, max(campaign) AS campaign, max("campaignId") AS "campaignId",
             sum(cents)::text AS cents, sum(gifts)::text AS gifts
      FROM "FundsDayTotal"
      WHERE "connectionId" = ${connectionId}::uuid AND day >= ${from}::date AND day < ${until}::date
        AND NOT (day = ANY(${dirty}::date[]))
      GROUP BY kind, currency, key`);
    if (dirty.length === 0) return stored.rows;
    const live = await client.query<SummedRow>(statement`
      SELECT kind, currency, key, max(campaign) AS campaign, max("campaignId") AS "campaignId",
             sum(cents)::text AS cents, sum(gifts)::text AS gifts
      FROM (${placesByDay(connectionId, dirty)}) AS places
      GROUP BY kind, currency, key`);
    return [...stored.rows, ...live.rows];
  });
  const places: PlaceRow[] = [];
  let gifts = 0;
  for (const r of rows) {
    if (r.kind === PLACE.all) {
      gifts += Number(r.gifts);
      continue;
    }
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
