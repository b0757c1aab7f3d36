// From the editor's lines to the allocation the server receives, and how it compares with what
// the service holds now: the basis of "Nothing to send" and of the review's before and after.
import { type EditorLine, type EditorValues, lineFigures, type NameChoice, type SplitFacts } from "./editor-lines";
import { centsToInput } from "./money";
import type { Placement } from "./placement";
import type { AllocationInput } from "./schema";

export type GiftFacts = {
  transactionId: string;
  amountCents: number;
  currency: string;
  /** Where the gift's money is when it is not split (placement.ts), with its campaign's parent. */
  home: Placement;
  splits: SplitFacts[];
};

const named = (choice: NameChoice) => (choice.status === "default" || choice.status === "none" ? "" : choice.name);

/** The allocation to send, or null while some line does not read. */
export function toAllocationInput(values: EditorValues, gift: GiftFacts): AllocationInput | null {
  const rows: AllocationInput["rows"] = [];
  for (const line of values.lines) {
    const figures = lineFigures(line, gift.amountCents, gift.currency);
    if (figures.unitCents === null || Object.keys(figures.problems).length > 0) return null;
    rows.push({
      splitId: line.splitId,
      amount: centsToInput(figures.unitCents),
      quantity: line.quantity.trim(),
      campaign: named(line.campaign),
      campaignId: line.campaign.status === "known" ? line.campaign.id : "",
      parentCampaign: named(line.parent),
      parentCampaignId: line.parent.status === "known" ? line.parent.id : "",
      fund: named(line.fund),
      fundId: line.fund.status === "known" ? line.fund.id : "",
      ...(line.campaign.status === "default" ? { serviceDefaultCampaign: true } : {}),
    });
  }
  return {
    transactionId: gift.transactionId,
    totalCents: gift.amountCents,
    currency: gift.currency,
    rows,
    removedSplitIds: values.removedSplitIds,
  };
}

/** Where money sits: one entry per split, as the service would hold it. */
export type Holding = {
  splitId: string | null;
  unitCents: number;
  quantity: number;
  campaign: string;
  campaignId: string;
  serviceDefault: boolean;
  parent: string;
  parentId: string;
  fund: string;
  fundId: string;
};

/** What the service holds for the gift now: its splits, or the whole gift where it was given. */
export function holdingsNow(gift: GiftFacts): Holding[] {
  if (gift.splits.length === 0) {
    return [
      {
        splitId: null,
        unitCents: gift.amountCents,
        quantity: 1,
        campaign: gift.home.campaign,
        campaignId: gift.home.campaignId,
        serviceDefault: !gift.home.campaign && !gift.home.campaignId,
        parent: gift.home.parentCampaign,
        parentId: gift.home.parentCampaignId,
        fund: gift.home.fund,
        fundId: gift.home.fundId,
      },
    ];
  }
  return gift.splits.map((s) => ({
    splitId: s.splitId,
    unitCents: s.unitAmountCents,
    quantity: s.quantity,
    campaign: s.campaign ?? "",
    campaignId: s.campaignId ?? "",
    serviceDefault: !s.campaign && !s.campaignId,
    parent: s.parentCampaign ?? "",
    parentId: s.parentCampaignId ?? "",
    fund: s.fund,
    fundId: s.fundId ?? "",
  }));
}

/** What the service would hold after the editor's lines are sent; null while a line does not read. */
export function holdingsAfter(lines: readonly EditorLine[], gift: GiftFacts): Holding[] | null {
  const out: Holding[] = [];
  for (const line of lines) {
    const { unitCents } = lineFigures(line, gift.amountCents, gift.currency);
    if (unitCents === null) return null;
    out.push({
      splitId: line.splitId,
      unitCents,
      quantity: Number(line.quantity.trim()),
      campaign: named(line.campaign),
      campaignId: line.campaign.status === "known" ? line.campaign.id : "",
      serviceDefault: line.campaign.status === "default",
      parent: named(line.parent),
      parentId: line.parent.status === "known" ? line.parent.id : "",
      fund: named(line.fund),
      fundId: line.fund.status === "known" ? line.fund.id : "",
    });
  }
  return out;
}

/**
 * True when sending would change nothing at the service: the same splits with the same amounts,
 * quantities, campaigns and funds (a gift that is not split counts as one split where it was
 * given, so a single line of the whole gift, left where it is, is no change either). A parent
 * left empty keeps the campaign's parent at the service, so it only counts when it is set.
 */
export function sameAsService(values: EditorValues, gift: GiftFacts): boolean {
  const after = holdingsAfter(values.lines, gift);
  if (!after) return false;
  const before = holdingsNow(gift);
  if (after.length !== before.length) return false;
  const split = gift.splits.length > 0;
  return after.every((line, i) => {
    const was = split ? before.find((b) => b.splitId === line.splitId) : before[i];
    return (
      !!was &&
      was.unitCents === line.unitCents &&
      was.quantity === line.quantity &&
      was.serviceDefault === line.serviceDefault &&
      was.campaign === line.campaign &&
      was.campaignId === line.campaignId &&
      (line.parent === "" || (was.parent === line.parent && was.parentId === line.parentId)) &&
      was.fund === line.fund &&
      was.fundId === line.fundId
    );
  });
}
