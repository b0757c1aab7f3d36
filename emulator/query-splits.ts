// A gift's splits as the transactions query shows them with `include: ["splits"]`. The interface
// says only that split transactions are stored in the same table as transactions, linked to
// their transaction; the shape below is the emulator's choice (README, "Splits in the query").
import type { Split } from "./imports/model";
import type { Campaign, Organization, Transaction } from "./seed";

/** The names of an import row, so that what was sent and what is held compare field by field. */
export type QuerySplit = {
  /** The application's split id; null for a split created by a row without one. */
  id: string | null;
  /** The service's id of the transaction (the result's `id`), whatever `match_by` located it with. */
  transaction_id: string;
  unit_amount_in_cents: number;
  quantity: number;
  campaign: string;
  campaign_id: string;
  /** The campaign's parent as it stands now (a later import may have given it another). */
  parent_campaign: string | null;
  parent_campaign_id: string | null;
  fund: string;
  fund_id: string;
  /** ISO 8601 UTC; null while active. Soft-deleted splits are shown too. */
  deleted_at: string | null;
};

/**
 * Every split of the page's transactions (soft-deleted ones too, of every application), in
 * creation order, keyed by transaction id. A transaction without splits gets an empty list.
 */
export function splitsForPage(
  org: Organization,
  splits: readonly Split[],
  page: readonly Transaction[],
): Map<string, QuerySplit[]> {
  const byTransaction = new Map<string, QuerySplit[]>(page.map((t) => [t.transaction_id, []]));
  if (splits.length === 0) return byTransaction;
  const campaigns = new Map(org.campaigns.map((c) => [c.campaign_id, c]));
  for (const split of splits) {
    byTransaction.get(split.transaction_id)?.push(querySplitJson(split, campaigns));
  }
  return byTransaction;
}

function querySplitJson(split: Split, campaigns: ReadonlyMap<string, Campaign>): QuerySplit {
  const parentId = campaigns.get(split.campaign_id)?.parent_campaign_id ?? null;
  const parent = parentId === null ? undefined : campaigns.get(parentId);
  return {
    id: split.id,
    transaction_id: split.transaction_id,
    unit_amount_in_cents: split.unit_amount_in_cents,
    quantity: split.quantity,
    campaign: split.campaign,
    campaign_id: split.campaign_id,
    parent_campaign: parent?.campaign ?? null,
    parent_campaign_id: parent?.campaign_id ?? null,
    fund: split.fund,
    fund_id: split.fund_id,
    deleted_at: split.deleted_at,
  };
}
