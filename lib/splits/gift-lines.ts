// Lines made from the gift: the lines the split editor opens with (its splits as they are, or, for
// a gift not split yet, one line holding all of it where its money is now under a new split id), a
// line for a split the service holds, and a new line. Worked out where the gift is read (the
// editor's page on the server, restore, and the editor's tools once the admin acts), so the
// editor's first load carries neither these nor the rules for new split ids.
import {
  DEFAULT_CAMPAIGN,
  type EditorLine,
  type EditorValues,
  type NameChoice,
  NO_NAME,
  type SplitFacts,
} from "./editor-lines";
import { centsToInput } from "./money";
import type { Placement } from "./placement";
import { nextSplitId, transactionRefFor } from "./split-ids";

export function knownName(name: string | null | undefined, id: string | null | undefined): NameChoice {
  return name || id ? { name: name ?? "", id: id ?? "", status: "known" } : NO_NAME;
}

export function lineFromSplit(split: SplitFacts): EditorLine {
  return {
    splitId: split.splitId,
    amount: centsToInput(split.unitAmountCents),
    percent: "",
    source: "amount",
    quantity: String(split.quantity),
    // A split stored without a campaign sits in the service's default campaign.
    campaign: split.campaign || split.campaignId ? knownName(split.campaign, split.campaignId) : DEFAULT_CAMPAIGN,
    parent: knownName(split.parentCampaign, split.parentCampaignId),
    fund: knownName(split.fund, split.fundId),
  };
}

/** A new line where the gift's money is now (placement.ts), holding `amountCents` if given. */
export function newLine(splitId: string, placement: Placement, amountCents: number | null) {
  return {
    splitId,
    amount: amountCents === null ? "" : centsToInput(amountCents),
    percent: "",
    source: "amount",
    quantity: "1",
    campaign: knownName(placement.campaign, placement.campaignId),
    parent: knownName(placement.parentCampaign, placement.parentCampaignId),
    fund: knownName(placement.fund, placement.fundId),
  } satisfies EditorLine;
}

type Gift = {
  transactionId: string;
  externalId: string | null;
  amountCents: number;
  home: Placement;
  splits: SplitFacts[];
};

export function initialValues(gift: Gift, takenSplitIds: readonly string[]): EditorValues {
  const lines =
    gift.splits.length > 0
      ? gift.splits.map((s) => lineFromSplit(s))
      : [newLine(nextSplitId(transactionRefFor(gift), takenSplitIds), gift.home, gift.amountCents)];
  return { lines, removedSplitIds: [] };
}
