// A rule's or a template's lines with the cents each receives of one gift, as lines in cents for
// the bulk check: computed cents stay integers, never written out as text and read back.
import type { SplitPlacement } from "@/lib/splits/split";
import type { CentsLine } from "./check";

/** A rule's or template's line: a placement with a fund, its other fields absent where blank. */
type NamedLine = Partial<SplitPlacement> & Pick<SplitPlacement, "fund">;

/** `shares[i]` is line i's cents. A share of 0 cents (a tiny gift) is left out: the service
 *  refuses amounts of 0. Blank names are absent, as the split row schema makes them. */
export function shareLines(lines: readonly NamedLine[], shares: readonly number[]): CentsLine[] {
  return lines.flatMap((line, index) => {
    const cents = shares[index] ?? 0;
    if (cents <= 0) return [];
    const split = {
      // Split ids are assigned once the lines are known good (allocationFor in check.ts).
      splitId: "unassigned",
      amount: cents,
      quantity: 1,
      campaign: line.campaign || undefined,
      campaignId: line.campaignId || undefined,
      parentCampaign: line.parentCampaign || undefined,
      parentCampaignId: line.parentCampaignId || undefined,
      fund: line.fund,
      fundId: line.fundId || undefined,
    };
    return [{ line: null, values: {}, errors: [], split }];
  });
}
