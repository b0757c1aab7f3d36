// The page's one read: money held per fund and per campaign in the range, and what Apportion
// moved there, each row with the address of its gifts in the gifts list. Plain view types: the
// components render them and know nothing of the database.
import "server-only";
import { db } from "@/lib/db";
import { moneyHeld } from "./held";
import type { CampaignTotal, FundTotal } from "./totals";
import { type FundMove, movedByFund } from "./moved";
import type { FundsRange } from "./range";

export type FundRow = FundTotal & { giftsHref: string };
export type CampaignRow = CampaignTotal & { giftsHref: string | null };

export type FundsReport = {
  from: string;
  to: string;
  funds: FundRow[];
  campaigns: CampaignRow[];
  /** How many gifts the range holds, each once (in every currency). */
  gifts: number;
  moved: FundMove[];
  movedSubmissions: number;
  movedGifts: number;
  /** The currency most of the money is in: the chart draws it (sums across currencies mean nothing). */
  currency: string | null;
  /** Whether the figures count the splits made outside Apportion: "counted" once a full read of
   *  the gifts brought them (TransactionSync.splitsShown); "not shown" when the service does not
   *  show splits; "not yet" before a full read asked for them. Otherwise a gift split elsewhere
   *  is counted whole in its own fund. */
  splitsElsewhere: "counted" | "not shown" | "not yet";
};

/** The gifts list with its filters set: the fund or campaign, and the same days. */
export function giftsHref(filter: { fund: string } | { campaignId: string }, range: Pick<FundsRange, "from" | "to">) {
  return `/transactions?${new URLSearchParams({ ...filter, after: range.from, before: range.to }).toString()}`;
}

export async function fundsReport(connectionId: string, range: FundsRange): Promise<FundsReport> {
  const [held, moved, sync] = await Promise.all([
    moneyHeld(connectionId, range),
    movedByFund(connectionId, range),
    db().transactionSync.findUnique({ where: { connectionId }, select: { splitsShown: true } }),
  ]);
  const perCurrency = new Map<string, number>();
  for (const f of held.funds) perCurrency.set(f.currency, (perCurrency.get(f.currency) ?? 0) + f.cents);
  const currency = [...perCurrency].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  return {
    from: range.from,
    to: range.to,
    gifts: held.gifts,
    funds: held.funds.map((f) => ({ ...f, giftsHref: giftsHref({ fund: f.fund }, range) })),
    campaigns: held.campaigns.map((c) => ({
      ...c,
      giftsHref: c.campaignId ? giftsHref({ campaignId: c.campaignId }, range) : null,
    })),
    moved: moved.moves,
    movedSubmissions: moved.submissions,
    movedGifts: moved.gifts,
    currency,
    splitsElsewhere: sync?.splitsShown === true ? "counted" : sync?.splitsShown === false ? "not shown" : "not yet",
  };
}
