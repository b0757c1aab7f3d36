// Where a gift's money is now, and the one rule that keeps it there: a line that names no
// campaign keeps the gift's own campaign (the editor's new lines, "Split evenly", a bulk line
// with a blank campaign, an API row without one). The service files a split with no campaign
// under its default campaign (the partner's name, spec §2.3); that is reached only by choosing
// it explicitly (`serviceDefaultCampaign`), never by leaving a field blank.
import type { GiftPlacement, PlacementInput, PlacementText, Split } from "./split";

/** A placement as the editor's lines start from it: text, "" where there is none. */
export type Placement = PlacementText;

export type KnownParent = { parent: string | null; parentId: string | null } | undefined;

/** The gift's own campaign (with its parent when known) and fund; "General" when it has none. */
export function giftPlacement(gift: GiftPlacement, parentOfCampaign?: KnownParent): Placement {
  return {
    campaign: gift.campaign ?? "",
    campaignId: gift.campaignId ?? "",
    parentCampaign: parentOfCampaign?.parent ?? "",
    parentCampaignId: parentOfCampaign?.parentId ?? "",
    fund: gift.fund ?? "General",
    fundId: gift.fundId ?? "",
  };
}

/** A split as far as where its money is: enough to tell the gift's campaign now. The one split
 *  (split.ts) without its id, and cents as the caller read them (Prisma's rows give a bigint). */
export type HeldSplit = Omit<Split, "splitId" | "unitAmountCents"> & { unitAmountCents: number | bigint };

/** The gift's campaign where its money is now, or the campaigns when its splits are in several. */
export type CampaignNow = GiftPlacement & { mixed?: string[] };

/**
 * Where a gift's money is now: its own campaign while it is not split; once split, the campaign
 * its active splits share (the gift's original campaign may hold none of it any more). Splits in
 * different campaigns leave no one campaign to keep: `mixed` names them.
 */
export function campaignNow(gift: GiftPlacement, active: readonly HeldSplit[]): CampaignNow {
  const [first] = active;
  if (!first) return gift;
  // By name where there is one: a split sent from a file may lack the id another one carries.
  const key = (s: HeldSplit) => s.campaign ?? `id:${s.campaignId ?? ""}`;
  if (active.every((s) => key(s) === key(first))) {
    const id = active.find((s) => s.campaignId)?.campaignId ?? null;
    return { ...gift, campaign: first.campaign, campaignId: id };
  }
  const mixed = [...new Set(active.map((s) => s.campaign ?? "the service's default campaign"))];
  return { ...gift, campaign: null, campaignId: null, mixed };
}

/**
 * Where a new editor line starts: the gift's own placement while it is not split; once split, the
 * placement of the split holding the most money (the line is on screen, so the admin sees it).
 */
export function editorHome(gift: GiftPlacement, active: readonly HeldSplit[], parent?: KnownParent): Placement {
  const largest = [...active].sort(
    (a, b) => Number(b.unitAmountCents) * b.quantity - Number(a.unitAmountCents) * a.quantity,
  )[0];
  if (!largest) return giftPlacement(gift, parent);
  return {
    campaign: largest.campaign ?? "",
    campaignId: largest.campaignId ?? "",
    parentCampaign: largest.parentCampaign ?? "",
    parentCampaignId: largest.parentCampaignId ?? "",
    fund: largest.fund,
    fundId: largest.fundId ?? "",
  };
}

type CampaignFields = Omit<PlacementInput, "fund" | "fundId"> & { serviceDefaultCampaign?: boolean | undefined };

export type KeptCampaign<R> = { ok: true; row: R } | { ok: false; error: string };

export const NO_CAMPAIGN_TO_KEEP =
  "Choose a campaign: this gift has none of its own to keep, and a blank campaign is never sent.";

/**
 * A row that names no campaign (and no parent) takes the gift's campaign. A row that chose the
 * service's default campaign keeps its campaign fields empty. A gift without a campaign of its
 * own leaves nothing to keep: the row needs a campaign, or the explicit default.
 */
export function keepGiftCampaign<R extends CampaignFields>(row: R, gift: CampaignNow): KeptCampaign<R> {
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
  if (gift.mixed) {
    return {
      ok: false,
      error: `Choose a campaign: this gift's splits are in ${gift.mixed.map((m) => `“${m}”`).join(" and ")}, so a blank campaign has no one campaign to keep.`,
    };
  }
  if (!gift.campaign && !gift.campaignId) return { ok: false, error: NO_CAMPAIGN_TO_KEEP };
  return {
    ok: true,
    row: { ...row, campaign: gift.campaign ?? undefined, campaignId: gift.campaignId ?? undefined },
  };
}
