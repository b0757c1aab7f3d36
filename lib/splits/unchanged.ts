// The server's own check that an allocation changes something: the same splits with the same
// amounts, quantities, campaigns and funds as the app knows the service holds (a gift that is not
// split counts as one split where it was given). The editor checks the same before Review; this
// keeps an API client, a stale tab or a bulk file from sending an import that changes nothing.

import type { HeldSplit } from "./placement";
import type { SplitRow } from "./schema";
import type { GiftPlacement, PlacementInput } from "./split";

/** The allocation's row (its amount is the unit's cents, as the schema names it); the placement's
 *  fields may be absent, as in a row the server built. */
type Row = Pick<SplitRow, "splitId" | "amount" | "quantity" | "fund"> & PlacementInput;

type Held = HeldSplit & { splitId: string };

type Gift = GiftPlacement & { amountCents: number | bigint };

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? "") === (b ?? "");

export function holdsAlready(
  rows: readonly Row[],
  removed: readonly string[],
  gift: Gift,
  active: readonly Held[],
): boolean {
  if (removed.length > 0) return false;
  if (active.length === 0) {
    const [row] = rows;
    return (
      rows.length === 1 &&
      !!row &&
      row.amount === Number(gift.amountCents) &&
      row.quantity === 1 &&
      // A parent given is a change to the campaign the app cannot see (the query shows no parents).
      !row.parentCampaign &&
      !row.parentCampaignId &&
      same(row.campaign, gift.campaign) &&
      same(row.campaignId, gift.campaignId) &&
      row.fund === (gift.fund ?? "General") &&
      same(row.fundId, gift.fundId)
    );
  }
  if (rows.length !== active.length) return false;
  return rows.every((row) => {
    const held = active.find((h) => h.splitId === row.splitId);
    return (
      !!held &&
      Number(held.unitAmountCents) === row.amount &&
      held.quantity === row.quantity &&
      same(row.campaign, held.campaign) &&
      same(row.campaignId, held.campaignId) &&
      (!row.parentCampaign ||
        (same(row.parentCampaign, held.parentCampaign) && same(row.parentCampaignId, held.parentCampaignId))) &&
      row.fund === held.fund &&
      same(row.fundId, held.fundId)
    );
  });
}
