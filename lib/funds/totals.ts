// Where the organization's money is: per fund and per campaign, the gifts of a date range as the
// app's copy holds them. A split gift's money is in its active splits, a whole gift's in itself
// (its fund "General" when it names none, as the gifts list and the service say), the same rule
// as lib/bulk/money-moves.ts. One statement over the copy, scoped to the connection.
import "server-only";
import { db } from "@/lib/db";
import type { FundsRange } from "./range";

export type FundTotal = { fund: string; currency: string; cents: number; gifts: number };
export type CampaignTotal = {
  /** Null: the gift or split names no campaign (the service's default). */
  campaign: string | null;
  /** The gifts list filters campaigns by id; null when the copy has none. */
  campaignId: string | null;
  currency: string;
  cents: number;
  gifts: number;
};

type Row = {
  byCampaign: number;
  currency: string;
  fund: string | null;
  campaign: string | null;
  campaignId: string | null;
  cents: bigint;
  gifts: bigint;
};

/** Largest first, then by name: the chart and the table read top-down. */
const byMoney =
  <T extends { cents: number }>(name: (t: T) => string) =>
  (a: T, b: T) =>
    b.cents - a.cents || name(a).localeCompare(name(b));

export async function moneyHeld(
  connectionId: string,
  range: Pick<FundsRange, "start" | "end">,
): Promise<{ funds: FundTotal[]; campaigns: CampaignTotal[] }> {
  // Gifts are counted once per fund or campaign even when two of their splits are there.
  const rows = await db().$queryRaw<Row[]>`
    WITH held AS (
      -- One row per active split of a split gift, one for a whole gift (no split joined).
      SELECT t."transactionId", t.currency,
             CASE WHEN s."splitId" IS NULL THEN t.campaign ELSE s.campaign END AS campaign,
             CASE WHEN s."splitId" IS NULL THEN t."campaignId" ELSE s."campaignId" END AS "campaignId",
             CASE WHEN s."splitId" IS NULL THEN coalesce(t.fund, 'General') ELSE s.fund END AS fund,
             CASE WHEN s."splitId" IS NULL THEN t."amountCents" ELSE s."unitAmountCents" * s.quantity END AS cents
      FROM "KnownTransaction" t
      LEFT JOIN "KnownSplit" s ON s."connectionId" = t."connectionId" AND s."transactionId" = t."transactionId"
        AND s."deletedAt" IS NULL
      WHERE t."connectionId" = ${connectionId}::uuid
        AND t."occurredAt" >= ${range.start} AND t."occurredAt" < ${range.end}
    )
    SELECT GROUPING(fund)::int AS "byCampaign", currency, fund, campaign, "campaignId",
           sum(cents)::bigint AS cents, count(DISTINCT "transactionId") AS gifts
    FROM held
    GROUP BY GROUPING SETS ((currency, fund), (currency, campaign, "campaignId"))`;
  const funds: FundTotal[] = [];
  const campaigns: CampaignTotal[] = [];
  for (const r of rows) {
    const money = { currency: r.currency, cents: Number(r.cents), gifts: Number(r.gifts) };
    if (r.byCampaign === 1) campaigns.push({ campaign: r.campaign, campaignId: r.campaignId, ...money });
    else funds.push({ fund: r.fund ?? "General", ...money });
  }
  funds.sort(byMoney((f) => f.fund));
  campaigns.sort(byMoney((c) => c.campaign ?? ""));
  return { funds, campaigns };
}
