// Where a gift's money is now, and the one rule that keeps it there: a line that names no
// campaign keeps the gift's own campaign (the editor's new lines, "Split evenly", a bulk line
// with a blank campaign, an API row without one). The service files a split with no campaign
// under its default campaign (the partner's name, spec §2.3); that is reached only by choosing
// it explicitly (`serviceDefaultCampaign`), never by leaving a field blank.

export type Placement = {
  campaign: string;
  campaignId: string;
  parentCampaign: string;
  parentCampaignId: string;
  fund: string;
  fundId: string;
};

export type GiftPlacementSource = {
  campaign: string | null;
  campaignId: string | null;
  fund: string | null;
  fundId: string | null;
};

export type KnownParent = { parent: string | null; parentId: string | null } | undefined;

/** The gift's own campaign (with its parent when known) and fund; "General" when it has none. */
export function giftPlacement(gift: GiftPlacementSource, parentOfCampaign?: KnownParent): Placement {
  return {
    campaign: gift.campaign ?? "",
    campaignId: gift.campaignId ?? "",
    parentCampaign: parentOfCampaign?.parent ?? "",
    parentCampaignId: parentOfCampaign?.parentId ?? "",
    fund: gift.fund ?? "General",
    fundId: gift.fundId ?? "",
  };
}

type CampaignFields = {
  campaign?: string | undefined;
  campaignId?: string | undefined;
  parentCampaign?: string | undefined;
  parentCampaignId?: string | undefined;
  serviceDefaultCampaign?: boolean | undefined;
};

export type KeptCampaign<R> = { ok: true; row: R } | { ok: false; error: string };

export const NO_CAMPAIGN_TO_KEEP =
  "Choose a campaign: this gift has none of its own to keep, and a blank campaign is never sent.";

/**
 * A row that names no campaign (and no parent) takes the gift's campaign. A row that chose the
 * service's default campaign keeps its campaign fields empty. A gift without a campaign of its
 * own leaves nothing to keep: the row needs a campaign, or the explicit default.
 */
export function keepGiftCampaign<R extends CampaignFields>(row: R, gift: GiftPlacementSource): KeptCampaign<R> {
  if (row.serviceDefaultCampaign) {
    return {
      ok: true,
      row: {
        ...row,
        campaign: undefined,
        campaignId: undefined,
        parentCampaign: undefined,
        parentCampaignId: undefined,
      },
    };
  }
  const blank = !row.campaign && !row.campaignId && !row.parentCampaign && !row.parentCampaignId;
  if (!blank) return { ok: true, row };
  if (!gift.campaign && !gift.campaignId) return { ok: false, error: NO_CAMPAIGN_TO_KEEP };
  return {
    ok: true,
    row: { ...row, campaign: gift.campaign ?? undefined, campaignId: gift.campaignId ?? undefined },
  };
}
