// The editor's lines as the allocation the server receives (lib/splits/schema.ts): amounts
// settled into unit cents, ids only with known names, the default campaign only as its flag.
// Used by the review, which loads on first use.
import { type GiftFacts, named } from "./editor-allocation";
import { type EditorValues, lineFigures } from "./editor-lines";
import { centsToInput } from "./money";
import type { AllocationInput } from "./schema";

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
