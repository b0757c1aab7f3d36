// The wire contract of a split_transaction import (spec §2.3, §4.2): the service's field names
// live here and nowhere else. Rows are built the same way for the editor's preview and for the
// submission, so the preview is exactly what the service receives. Free of server code and of
// the app's other domains: the browser shows these bodies too.
import { type TransactionRef, transactionRefFor } from "./transaction-ref";

export { type TransactionRef, transactionRefFor };

export type MatchBy = "id" | "transaction_id";

/** One split as the app decides it (amounts in integer cents); what a row is built from. */
export type SplitLine = {
  splitId: string;
  amount: number;
  quantity: number;
  campaign?: string;
  campaignId?: string;
  parentCampaign?: string;
  parentCampaignId?: string;
  fund: string;
  fundId?: string;
};

export type ImportRow = {
  id: string;
  transaction_id: string;
  unit_amount_in_cents: number;
  quantity: number;
  campaign?: string;
  campaign_id?: string;
  parent_campaign?: string;
  parent_campaign_id?: string;
  fund: string;
  fund_id?: string;
  deleted_at?: number;
};

export type ImportBody = {
  data_format: "split_transaction";
  action_type: "create";
  match_by: { transaction: MatchBy };
  data_type: "json";
  data: ImportRow[];
};

/** A transaction created externally is located by its external id (the default); one the
 *  service created itself has none, so it must be matched by transaction_id (rules 3, 4). */
export function matchByFor(transaction: TransactionRef): MatchBy {
  return transaction.externalId ? "id" : "transaction_id";
}

/** A split the service holds, as far as its removal row needs it. The app's one split
 *  (lib/splits/split.ts) is one as it is: callers pass theirs; the type is named here because
 *  lib/service imports nothing of the app. */
export type ExistingSplit = {
  splitId: string;
  unitAmountCents: number;
  quantity: number;
  fund: string;
  fundId: string | null;
};

export function buildImportRows(
  transaction: TransactionRef,
  allocation: { rows: readonly SplitLine[]; removedSplitIds: readonly string[] },
  existing: ReadonlyMap<string, ExistingSplit>,
  deletedAt: Date,
): ImportRow[] {
  const ref = transactionRefFor(transaction);
  const rows: ImportRow[] = [];
  for (const row of allocation.rows) rows.push(importRow(row, ref));
  for (const splitId of allocation.removedSplitIds) {
    const old = existing.get(splitId);
    if (!old) continue;
    const removed = {
      id: splitId,
      transaction_id: ref,
      unit_amount_in_cents: old.unitAmountCents,
      quantity: old.quantity,
      fund: old.fund,
    } as ImportRow;
    const fundId = old.fundId ?? undefined;
    if (fundId !== undefined) removed.fund_id = fundId;
    removed.deleted_at = Math.floor(deletedAt.getTime() / 1000);
    rows.push(removed);
  }
  return rows;
}

/** One row, key by key: a field left empty is absent (not undefined), and the keys keep the
 *  order above, which is the order of the JSON the service receives and the preview shows.
 *  (Filtering Object.entries per row was a fifth of parsing 100,000 rows: bench/parse-rows.ts.) */
function importRow(row: SplitLine, ref: string): ImportRow {
  // `fund` is set below, after the campaign fields, to keep the key order.
  const out = {
    id: row.splitId,
    transaction_id: ref,
    unit_amount_in_cents: row.amount,
    quantity: row.quantity,
  } as ImportRow;
  if (row.campaign !== undefined) out.campaign = row.campaign;
  if (row.campaignId !== undefined) out.campaign_id = row.campaignId;
  if (row.parentCampaign !== undefined) out.parent_campaign = row.parentCampaign;
  if (row.parentCampaignId !== undefined) out.parent_campaign_id = row.parentCampaignId;
  out.fund = row.fund;
  if (row.fundId !== undefined) out.fund_id = row.fundId;
  return out;
}

type ServicePlacement = {
  [K in "campaign" | "campaign_id" | "parent_campaign" | "parent_campaign_id" | "fund_id"]?: string | null;
};

/** A split's campaign fields and fund id in the app's names (null where the service's are absent):
 *  a sent row's and a split the query shows alike. The results' types are the app's split
 *  (lib/splits/split.ts), inferred: lib/service imports nothing of the app, so the callers' own
 *  types check them. */
export function placementInAppNames(s: ServicePlacement) {
  return {
    campaign: s.campaign ?? null,
    campaignId: s.campaign_id ?? null,
    parentCampaign: s.parent_campaign ?? null,
    parentCampaignId: s.parent_campaign_id ?? null,
    fundId: s.fund_id ?? null,
  };
}

/** A sent row in the app's names (what SubmissionRow stores): the mapping above, read back; a row
 *  with `deleted_at` removes its split. */
export function sentRowOf(row: ImportRow) {
  return {
    splitId: row.id,
    unitAmountCents: row.unit_amount_in_cents,
    quantity: row.quantity,
    ...placementInAppNames(row),
    fund: row.fund,
    deleted: row.deleted_at !== undefined,
  };
}

export function importBody(matchBy: MatchBy, rows: ImportRow[]): ImportBody {
  return {
    data_format: "split_transaction",
    action_type: "create",
    match_by: { transaction: matchBy },
    data_type: "json",
    data: rows,
  };
}
