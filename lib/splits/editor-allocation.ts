// From the editor's lines to the allocation the server receives, and how it compares with what
// the service holds now: the basis of "Nothing to send" and of the review's before and after.
import { type EditorValues, lineFigures, type NameChoice, type SplitFacts } from "./editor-lines";
import type { Placement } from "./placement";
import type { Split } from "./split";

export type GiftFacts = {
  transactionId: string;
  amountCents: number;
  currency: string;
  /** Where the gift's money is when it is not split (placement.ts), with its campaign's parent. */
  home: Placement;
  splits: SplitFacts[];
};

export const named = (choice: NameChoice) =>
  choice.status === "default" || choice.status === "none" ? "" : choice.name;

/** Where money sits: one entry per split, as the service would hold it. The split's fields, its
 *  placement as the editor's text ("" for none, placement.ts), no id for the gift whole, and
 *  whether the campaign is the service's default (chosen, not a blank). */
export type Holding = Pick<Split, "unitAmountCents" | "quantity"> &
  Placement & { splitId: string | null; serviceDefault: boolean };

/** What the service holds for the gift now: its splits, or the whole gift where it was given. */
export function holdingsNow(gift: GiftFacts): Holding[] {
  if (gift.splits.length === 0) {
    return [
      {
        splitId: null,
        unitAmountCents: gift.amountCents,
        quantity: 1,
        ...gift.home,
        serviceDefault: !gift.home.campaign && !gift.home.campaignId,
      },
    ];
  }
  return gift.splits.map((s) => ({
    splitId: s.splitId,
    unitAmountCents: s.unitAmountCents,
    quantity: s.quantity,
    campaign: s.campaign ?? "",
    campaignId: s.campaignId ?? "",
    serviceDefault: !s.campaign && !s.campaignId,
    parentCampaign: s.parentCampaign ?? "",
    parentCampaignId: s.parentCampaignId ?? "",
    fund: s.fund,
    fundId: s.fundId ?? "",
  }));
}

/**
 * True when sending would change nothing at the service: the same splits with the same amounts,
 * quantities, campaigns and funds (a gift that is not split counts as one split where it was
 * given, so a single line of the whole gift, left where it is, is no change either). A parent
 * left empty keeps the campaign's parent at the service, so it only counts when it is set.
 * Runs on every keystroke over up to 100 lines: one pass, nothing allocated per line.
 */
export function sameAsService(values: EditorValues, gift: GiftFacts): boolean {
  if (values.removedSplitIds.length > 0) return false;
  const before = heldNow(gift);
  if (values.lines.length !== before.list.length) return false;
  const split = gift.splits.length > 0;
  return values.lines.every((line, i) => {
    const was = split ? before.byId.get(line.splitId) : before.list[i];
    if (!was) return false;
    const { unitCents } = lineFigures(line, gift.amountCents, gift.currency);
    const { campaign, parent, fund } = line;
    return (
      unitCents === was.unitAmountCents &&
      Number(line.quantity.trim()) === was.quantity &&
      (campaign.status === "default") === was.serviceDefault &&
      named(campaign) === was.campaign &&
      (campaign.status === "known" ? campaign.id : "") === was.campaignId &&
      (parent.status === "none" ||
        (named(parent) === was.parentCampaign &&
          (parent.status === "known" ? parent.id : "") === was.parentCampaignId)) &&
      named(fund) === was.fund &&
      (fund.status === "known" ? fund.id : "") === was.fundId
    );
  });
}

const held = new WeakMap<GiftFacts, { list: Holding[]; byId: Map<string | null, Holding> }>();

function heldNow(gift: GiftFacts) {
  let known = held.get(gift);
  if (!known) {
    const list = holdingsNow(gift);
    known = { list, byId: new Map(list.map((h) => [h.splitId, h])) };
    held.set(gift, known);
  }
  return known;
}
