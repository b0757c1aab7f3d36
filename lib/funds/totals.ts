// Where the organization's money is: per fund and per campaign, the gifts of a date range as the
// app's copy holds them. A split gift's money is in its active splits, a whole gift's in itself
// (its fund "General" when it names none, as the gifts list and the service say), the same rule
// as lib/bulk/money-moves.ts. Scoped to the connection. The page reads the per-day totals
// (held.ts); this module counts from every gift: the recount they are checked against, and the
// answer until an organization's totals are built.
//
// Two statements, run side by side on two pooled connections: every gift of the range by its own
// fund and campaign (one pass, hash-grouped, no join), and the split gifts' correction (take the
// gift out of its own place, put its splits' money where they are). Most gifts are whole, so the
// join and the distinct counts touch the split ones only; one statement joining every gift to
// its splits had to sort them all to count gifts per fund (bench/funds.ts).
import "server-only";
import { inTransaction, raw, statement, utcInstant } from "@/lib/db-sql";
import type { GiftPlacement, SplitPlacement } from "@/lib/splits/split";
import type { FundsRange } from "./range";

/** A place's fields: a gift's or a split's campaign and fund (null: a fund row has no campaign, a
 *  campaign row no fund). */
type Place = Pick<GiftPlacement, "fund" | "campaign" | "campaignId">;

export type FundTotal = { fund: string; currency: string; cents: number; gifts: number };
/** A campaign's `campaign` is null where the gift or split names none (the service's default);
 *  its `campaignId` (the gifts list filters campaigns by id) null when the copy has none. */
export type CampaignTotal = Pick<SplitPlacement, "campaign" | "campaignId"> & {
  currency: string;
  cents: number;
  gifts: number;
};

/** One group of either statement, by fund (byCampaign 0) or by campaign (1); pg gives int8 as text. */
type Row = Place & { byCampaign: number; currency: string; cents: string; gifts: string };

// Enough memory to group 200,000 gifts without spilling to disk (the default 4 MB spilled).
const WORK_MEM = "SET LOCAL work_mem TO '32MB'";

// A campaign is one row per name (its id where any gift or split gives one: a split Apportion
// sent by name has none, and was a second row of the same name without a link); a campaign
// known only by its id is one row per id.
const CAMPAIGN_KEY = `coalesce(campaign, ' id ' || "campaignId")`;

function everyGift(connectionId: string, range: Pick<FundsRange, "start" | "end">) {
  return statement`
    SELECT GROUPING(coalesce(fund, 'General'))::int AS "byCampaign", currency,
           coalesce(fund, 'General') AS fund, max(campaign) AS campaign, max("campaignId") AS "campaignId",
           sum("amountCents")::text AS cents, count(*)::text AS gifts
    FROM "KnownTransaction"
    WHERE "connectionId" = ${connectionId}::uuid AND "occurredAt" >= ${utcInstant(range.start)} AND "occurredAt" < ${utcInstant(range.end)}
    GROUP BY GROUPING SETS ((currency, coalesce(fund, 'General')), (currency, ${raw(CAMPAIGN_KEY)}))`;
}

/** The split gifts of the range: minus their own place (gifts -1 each), plus their splits' money
 *  (each gift counted once per fund or campaign, even with two splits there). */
function splitCorrection(connectionId: string, range: Pick<FundsRange, "start" | "end">) {
  return statement`
    WITH split AS MATERIALIZED (
      SELECT t."transactionId", t.currency, coalesce(t.fund, 'General') AS "ownFund", t.campaign AS "ownCampaign",
             t."campaignId" AS "ownCampaignId", t."amountCents",
             s.fund, s.campaign, s."campaignId", s."unitAmountCents" * s.quantity AS cents
      FROM "KnownSplit" s
      JOIN "KnownTransaction" t ON t."connectionId" = s."connectionId" AND t."transactionId" = s."transactionId"
      WHERE s."connectionId" = ${connectionId}::uuid AND s."deletedAt" IS NULL
        AND t."occurredAt" >= ${utcInstant(range.start)} AND t."occurredAt" < ${utcInstant(range.end)}
    ), gift AS (
      -- One row per split gift (hash-grouped: a window over the gift would sort every split).
      SELECT currency, "ownFund", "ownCampaign", "ownCampaignId", "amountCents" FROM split
      GROUP BY "transactionId", currency, "ownFund", "ownCampaign", "ownCampaignId", "amountCents"
    ), own AS (
      SELECT GROUPING("ownFund")::int AS "byCampaign", currency, "ownFund" AS fund, max("ownCampaign") AS campaign,
             max("ownCampaignId") AS "campaignId", (-sum("amountCents"))::text AS cents, (-count(*))::text AS gifts
      FROM gift
      GROUP BY GROUPING SETS ((currency, "ownFund"), (currency, coalesce("ownCampaign", ' id ' || "ownCampaignId")))
    ), per_fund AS (
      SELECT currency, fund, sum(cents) AS cents FROM split GROUP BY "transactionId", currency, fund
    ), per_campaign AS (
      SELECT currency, max(campaign) AS campaign, max("campaignId") AS "campaignId", sum(cents) AS cents
      FROM split GROUP BY "transactionId", currency, ${raw(CAMPAIGN_KEY)}
    )
    SELECT * FROM own
    UNION ALL
    SELECT 0, currency, fund, NULL, NULL, sum(cents)::text, count(*)::text FROM per_fund GROUP BY currency, fund
    UNION ALL
    SELECT 1, currency, NULL, max(campaign), max("campaignId"), sum(cents)::text, count(*)::text
    FROM per_campaign GROUP BY currency, ${raw(CAMPAIGN_KEY)}`;
}

async function rows(query: ReturnType<typeof statement>): Promise<Row[]> {
  return inTransaction(async (client) => {
    await client.query(WORK_MEM);
    return (await client.query<Row>(query)).rows;
  });
}

/** Money and gifts of one place (a fund, or a campaign), in one currency; a group of gifts or a
 *  correction (negative) to be summed with the other rows of the same place. */
export type PlaceRow = Place & { byCampaign: 0 | 1; currency: string; cents: number; gifts: number };

export type MoneyHeld = { funds: FundTotal[]; campaigns: CampaignTotal[]; gifts: number };

/** Largest first, then by name: the chart and the table read top-down. */
const byMoney =
  <T extends { cents: number }>(name: (t: T) => string) =>
  (a: T, b: T) =>
    b.cents - a.cents || name(a).localeCompare(name(b));

/** Sums the rows of each place. `gifts`: the range's gifts, each once. */
export function placeTotals(rows: readonly PlaceRow[], gifts: number): MoneyHeld {
  const funds = new Map<string, FundTotal>();
  const campaigns = new Map<string, CampaignTotal>();
  for (const r of rows) {
    if (r.byCampaign === 1) {
      const key = JSON.stringify([r.currency, r.campaign ?? null, r.campaign === null ? r.campaignId : null]);
      const c = campaigns.get(key) ?? {
        campaign: r.campaign,
        campaignId: r.campaignId,
        currency: r.currency,
        cents: 0,
        gifts: 0,
      };
      c.campaignId ??= r.campaignId;
      c.cents += r.cents;
      c.gifts += r.gifts;
      campaigns.set(key, c);
    } else {
      const fund = r.fund ?? "General";
      const key = JSON.stringify([r.currency, fund]);
      const f = funds.get(key) ?? { fund, currency: r.currency, cents: 0, gifts: 0 };
      f.cents += r.cents;
      f.gifts += r.gifts;
      funds.set(key, f);
    }
  }
  // A place all of whose gifts were split away holds nothing now.
  const held = <T extends { gifts: number; cents: number }>(t: T) => t.gifts > 0 || t.cents !== 0;
  return {
    gifts,
    funds: [...funds.values()].filter(held).sort(byMoney((f) => f.fund)),
    campaigns: [...campaigns.values()].filter(held).sort(byMoney((c) => c.campaign ?? "")),
  };
}

/**
 * The range's money counted from every gift of the copy: what the day totals (held.ts) are
 * checked against, and the page's answer until an organization's day totals are built.
 */
export async function recountMoneyHeld(
  connectionId: string,
  range: Pick<FundsRange, "start" | "end">,
): Promise<MoneyHeld> {
  const [all, correction] = await Promise.all([
    rows(everyGift(connectionId, range)),
    rows(splitCorrection(connectionId, range)),
  ]);
  const places = [...all, ...correction].map((r): PlaceRow => ({
    byCampaign: r.byCampaign === 1 ? 1 : 0,
    currency: r.currency,
    fund: r.fund,
    campaign: r.campaign,
    campaignId: r.campaignId,
    cents: Number(r.cents),
    gifts: Number(r.gifts),
  }));
  // Every gift once, by its own fund (a split gift's splits may be in several).
  const gifts = all.filter((r) => r.byCampaign === 0).reduce((n, r) => n + Number(r.gifts), 0);
  return placeTotals(places, gifts);
}
