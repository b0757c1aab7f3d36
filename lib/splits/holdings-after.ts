// Where money would sit after the editor's lines are sent, split by split, for the review and
// the stale-gift panel (both load on first use).
import { type GiftFacts, type Holding, named } from "./editor-allocation";
import { type EditorLine, lineFigures } from "./editor-lines";

/** What the service would hold after the editor's lines are sent; null while a line does not read. */
export function holdingsAfter(lines: readonly EditorLine[], gift: GiftFacts): Holding[] | null {
  const out: Holding[] = [];
  for (const line of lines) {
    const { unitCents } = lineFigures(line, gift.amountCents, gift.currency);
    if (unitCents === null) return null;
    out.push({
      splitId: line.splitId,
      unitAmountCents: unitCents,
      quantity: Number(line.quantity.trim()),
      campaign: named(line.campaign),
      campaignId: line.campaign.status === "known" ? line.campaign.id : "",
      serviceDefault: line.campaign.status === "default",
      parentCampaign: named(line.parent),
      parentCampaignId: line.parent.status === "known" ? line.parent.id : "",
      fund: named(line.fund),
      fundId: line.fund.status === "known" ? line.fund.id : "",
    });
  }
  return out;
}
