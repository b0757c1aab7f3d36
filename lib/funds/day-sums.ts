// Sums of the per-day totals over a span of UTC days: the stored days (fold.ts) summed in the
// database, and the days still dirty computed from the copy (day-places.ts), in one
// repeatable-read snapshot. Since at every commit a day is either dirty or equal to its recount,
// the sums always equal a count over every gift, however far the fold lags. Null when the
// organization's totals were never built, or when so many days are dirty (a first copy under
// way) that counting every gift is the cheaper way: the caller then counts from the copy.
import "server-only";
import { fragment, inTransaction, statement } from "@/lib/db-sql";
import { type DayPlaceRow, placesByDay } from "./day-places";

/** Beyond this many dirty days in the span, the caller counts from every gift instead. */
export const MAX_DIRTY_DAYS = 90;

/** One place's sums over the span: a row of placesByDay without its day. */
export type DaySum = Omit<DayPlaceRow, "day">;

/** Days from `from` (included) to `until` (excluded), ISO; null: no bound. */
export type DaySpan = { from: string | null; until: string | null };

/** The places of the given kinds (and, with `key`, only that place), summed over the span. */
export async function sumDays(
  connectionId: string,
  span: DaySpan,
  only: { kinds: readonly number[]; key?: string },
): Promise<DaySum[] | null> {
  const inSpan = fragment`
    ${span.from === null ? fragment`` : fragment`AND day >= ${span.from}::date`}
    ${span.until === null ? fragment`` : fragment`AND day < ${span.until}::date`}`;
  const places = fragment`
    kind = ANY(${[...only.kinds]}::smallint[]) ${only.key === undefined ? fragment`` : fragment`AND key = ${only.key}`}`;
  return inTransaction(async (client) => {
    await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const state = await client.query<{ built: boolean }>(statement`
      SELECT EXISTS (SELECT 1 FROM "FundsTotalsState" WHERE "connectionId" = ${connectionId}::uuid) AS built`);
    if (!state.rows[0]?.built) return null;
    const dirty = (
      await client.query<{ day: string }>(statement`
        SELECT DISTINCT day::text AS day FROM "FundsDirtyDay" WHERE "connectionId" = ${connectionId}::uuid ${inSpan}`)
    ).rows.map((r) => r.day);
    if (dirty.length > MAX_DIRTY_DAYS) return null;
    const columns = fragment`kind, currency, key, campaign, "campaignId", cents, "giftCents", gifts`;
    const stored = fragment`
      SELECT ${columns} FROM "FundsDayTotal"
      WHERE "connectionId" = ${connectionId}::uuid ${inSpan} AND ${places} AND NOT (day = ANY(${dirty}::date[]))`;
    const live =
      dirty.length === 0
        ? fragment``
        : fragment`UNION ALL SELECT ${columns} FROM (${placesByDay(connectionId, dirty)}) AS places WHERE ${places}`;
    const summed = await client.query<DaySum>(statement`
      SELECT kind, currency, key, max(campaign) AS campaign, max("campaignId") AS "campaignId",
             sum(cents)::text AS cents, sum("giftCents")::text AS "giftCents", sum(gifts)::text AS gifts
      FROM (${stored} ${live}) AS days
      GROUP BY kind, currency, key`);
    return summed.rows;
  });
}
