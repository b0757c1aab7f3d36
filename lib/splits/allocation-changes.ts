// The review's summary: for each destination (a campaign and a fund), how much the gift puts
// there before and after, so the admin sees where money moves before anything is sent.
import type { Holding } from "./editor-allocation";

export type Destination = {
  key: string;
  campaign: string;
  serviceDefault: boolean;
  parent: string;
  fund: string;
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
      parent: h.parent,
      fund: h.fund,
      beforeCents: 0,
      afterCents: 0,
    };
    entry[side] += h.unitCents * h.quantity;
    if (!entry.parent && h.parent) entry.parent = h.parent;
    byKey.set(key, entry);
  };
  before.forEach((h) => add(h, "beforeCents"));
  after.forEach((h) => add(h, "afterCents"));
  return [...byKey.values()].sort((a, b) => b.afterCents - a.afterCents || b.beforeCents - a.beforeCents);
}
