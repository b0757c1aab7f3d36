// The review's summary: for each destination (a campaign and a fund), how much the gift puts
// there before and after, so the admin sees where money moves before anything is sent.
import type { Holding } from "./editor-allocation";

export type Destination = Pick<Holding, "campaign" | "serviceDefault" | "parentCampaign" | "fund"> & {
  key: string;
  beforeCents: number;
  afterCents: number;
};

function keyOf(h: Holding): string {
  const campaign = h.serviceDefault ? "\u0000default" : h.campaignId || h.campaign.trim().toLowerCase();
  return `${campaign}\u0001${h.fundId || h.fund.trim().toLowerCase()}`;
}

export function destinations(before: readonly Holding[], after: readonly Holding[]): Destination[] {
  const byKey = new Map<string, Destination>();
  const add = (h: Holding, side: "beforeCents" | "afterCents") => {
    const key = keyOf(h);
    const entry = byKey.get(key) ?? {
      key,
      campaign: h.campaign,
      serviceDefault: h.serviceDefault,
      parentCampaign: h.parentCampaign,
      fund: h.fund,
      beforeCents: 0,
      afterCents: 0,
    };
    entry[side] += h.unitAmountCents * h.quantity;
    if (!entry.parentCampaign && h.parentCampaign) entry.parentCampaign = h.parentCampaign;
    byKey.set(key, entry);
  };
  before.forEach((h) => add(h, "beforeCents"));
  after.forEach((h) => add(h, "afterCents"));
  return [...byKey.values()].sort((a, b) => b.afterCents - a.afterCents || b.beforeCents - a.beforeCents);
}
