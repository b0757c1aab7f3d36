// An organization's campaigns and funds as split rows name them. An id, when given, wins (the
// spec: ids are "used to minimize duplicates"); otherwise the exact name is looked up; anything
// new is created, as the service adds unknown campaigns and funds on import.
import type { Campaign, Fund, Organization } from "../seed";
import type { SplitRow } from "./split-rows";

export type ResolvedAllocation = {
  campaign: string;
  campaign_id: string;
  parent_campaign: string | null;
  fund: string;
  fund_id: string;
};

/** Whether a parent given only by id can be resolved; a new parent needs a name. */
export function unknownParentId(org: Organization, row: SplitRow): boolean {
  return (
    row.parentCampaign === null &&
    row.parentCampaignId !== null &&
    !org.campaigns.some((c) => c.campaign_id === row.parentCampaignId)
  );
}

export function resolveAllocation(org: Organization, row: SplitRow, applicationName: string): ResolvedAllocation {
  const campaign = findOrCreateCampaign(org, row.campaign ?? applicationName, row.campaignId);
  if (row.parentCampaign !== null || row.parentCampaignId !== null) {
    const parent = findOrCreateCampaign(org, row.parentCampaign ?? "", row.parentCampaignId);
    // "When given, it becomes the parent of campaign" -- but never of itself.
    if (parent.campaign_id !== campaign.campaign_id) campaign.parent_campaign_id = parent.campaign_id;
  }
  const parent = org.campaigns.find((c) => c.campaign_id === campaign.parent_campaign_id);
  const fund = findOrCreateFund(org, row.fund, row.fundId);
  return {
    campaign: campaign.campaign,
    campaign_id: campaign.campaign_id,
    parent_campaign: parent?.campaign ?? null,
    fund: fund.fund,
    fund_id: fund.fund_id,
  };
}

function findOrCreateCampaign(org: Organization, name: string, id: string | null): Campaign {
  const existing =
    id !== null ? org.campaigns.find((c) => c.campaign_id === id) : org.campaigns.find((c) => c.campaign === name);
  if (existing !== undefined) return existing;
  const used = new Set(org.campaigns.map((c) => c.campaign_id));
  const created: Campaign = {
    campaign_id: id ?? freshId(`2${org.id}`, org.campaigns.length, used),
    campaign: name,
    parent_campaign_id: null,
  };
  org.campaigns.push(created);
  return created;
}

function findOrCreateFund(org: Organization, name: string, id: string | null): Fund {
  const existing = id !== null ? org.funds.find((f) => f.fund_id === id) : org.funds.find((f) => f.fund === name);
  if (existing !== undefined) return existing;
  const used = new Set(org.funds.map((f) => f.fund_id));
  const created: Fund = { fund_id: id ?? freshId(`3${org.id}`, org.funds.length, used), fund: name };
  org.funds.push(created);
  return created;
}

/** The seed's id pattern continued (`2<org><nn>`), skipping ids an application already chose. */
function freshId(prefix: string, count: number, used: Set<string>): string {
  for (let n = count + 1; ; n++) {
    const candidate = `${prefix}${String(n).padStart(2, "0")}`;
    if (!used.has(candidate)) return candidate;
  }
}
