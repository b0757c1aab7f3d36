// The per-day places of an organization's gifts: for each UTC day and currency, the money and the
// gifts per fund (kind 0), per campaign name (kind 1), in all (kind 2) and per campaign id (kind
// 3), by the rule of totals.ts (a split gift's money where its active splits put it, each gift
// counted once per place). `cents` is the money in the place, `giftCents` the whole amounts of the
// gifts counted there: the gifts list's campaign (by id) and fund filters match a gift by where its
// money is and total the gifts' amounts (lib/transactions/read.ts, placedIn). The fold (fold.ts)
// stores these rows; the readers (day-sums.ts) compute them for the days not folded yet.
import "server-only";
import { fragment, raw } from "@/lib/db-sql";
import type { SplitPlacement } from "@/lib/splits/split";

/** The `kind` of a row: where its money is counted. */
export const PLACE = { fund: 0, campaign: 1, all: 2, campaignId: 3 } as const;

/** A kind as SQL text, from PLACE, so the query and its readers cannot disagree. */
const kind = (place: keyof typeof PLACE) => raw(String(PLACE[place]));

/** A campaign's key: its name, else its id, else none; prefixed so no name can be an id's key. */
const CAMPAIGN_KEY = raw(
  `CASE WHEN campaign IS NOT NULL THEN 'n:' || campaign WHEN "campaignId" IS NOT NULL THEN 'i:' || "campaignId" ELSE '-' END`,
);

/** A row of placesByDay (pg gives numeric and int8 as text, a date as its ISO day); day-sums.ts
 *  reads the same columns summed over days. */
export type DayPlaceRow = Pick<SplitPlacement, "campaign" | "campaignId"> & {
  kind: number;
  day: string;
  currency: string;
  key: string;
  cents: string;
  giftCents: string;
  gifts: string;
};

/**
 * A query of the places of a connection's gifts per day, every day or the days given (ISO
 * `YYYY-MM-DD`). The days' gifts are found by the list's (connectionId, occurredAt) index.
 */
export function placesByDay(connectionId: string, days: readonly string[] | "all") {
  // A day's gifts by an index range each: the days may lie far apart, and one range from the
  // first to the last read every gift between (the page with 50 of two years' days dirty: p95
  // 97 ms, against 222 ms through one range; bench/RESULTS.md).
  const gifts =
    days === "all"
      ? fragment`"KnownTransaction" t WHERE t."connectionId" = ${connectionId}::uuid`
      : fragment`unnest(${[...days]}::date[]) AS d(day)
          JOIN "KnownTransaction" t ON t."connectionId" = ${connectionId}::uuid
           AND t."occurredAt" >= d.day AND t."occurredAt" < d.day + 1`;
  return fragment`
    WITH gift AS MATERIALIZED (
      SELECT t."transactionId", t."occurredAt"::date AS day, t.currency, coalesce(t.fund, 'General') AS fund,
             t.campaign, t."campaignId", t."amountCents" AS cents
      FROM ${gifts}
    ), split AS MATERIALIZED (
      SELECT g."transactionId", g.day, g.currency, s.fund, s.campaign, s."campaignId",
             s."unitAmountCents" * s.quantity AS cents, g.cents AS "giftCents"
      FROM "KnownSplit" s JOIN gift g ON g."transactionId" = s."transactionId"
      WHERE s."connectionId" = ${connectionId}::uuid AND s."deletedAt" IS NULL
    ), whole AS (
      SELECT * FROM gift g WHERE NOT EXISTS (SELECT 1 FROM split s WHERE s."transactionId" = g."transactionId")
    ), placed AS (
      -- A whole gift once in each place of its own; a split gift once in
      -- each place its splits put money.
      SELECT ${kind("fund")} AS kind, day, currency, fund AS key, NULL::text AS campaign, NULL::text AS "campaignId",
             cents, cents AS "giftCents"
      FROM whole
      UNION ALL
      SELECT ${kind("campaign")}, day, currency, ${CAMPAIGN_KEY}, campaign, "campaignId", cents, cents FROM whole
      UNION ALL
      SELECT ${kind("campaignId")}, day, currency, "campaignId", NULL, NULL, cents, cents FROM whole WHERE "campaignId" IS NOT NULL
      UNION ALL
      SELECT ${kind("fund")}, day, currency, fund, NULL, NULL, sum(cents), max("giftCents")
      FROM split GROUP BY "transactionId", day, currency, fund
      UNION ALL
      SELECT ${kind("campaign")}, day, currency, ${CAMPAIGN_KEY}, max(campaign), max("campaignId"), sum(cents), max("giftCents")
      FROM split GROUP BY "transactionId", day, currency, ${CAMPAIGN_KEY}
      UNION ALL
      SELECT ${kind("campaignId")}, day, currency, "campaignId", NULL, NULL, sum(cents), max("giftCents")
      FROM split WHERE "campaignId" IS NOT NULL GROUP BY "transactionId", day, currency, "campaignId"
      UNION ALL
      SELECT ${kind("all")}, day, currency, '', NULL, NULL, cents, cents FROM gift
    )
    SELECT kind, day::text AS day, currency, key, max(campaign) AS campaign, max("campaignId") AS "campaignId",
           sum(cents) AS cents, sum("giftCents") AS "giftCents", count(*) AS gifts
    FROM placed GROUP BY kind, day, currency, key`;
}
