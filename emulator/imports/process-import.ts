// Applies one split_transaction import to its organization. Rows are checked one by one (bad
// rows are dropped with a notification), then grouped by transaction: a group is applied only
// when the transaction's splits still add up to its total afterwards (the README's sum rule).
import type { Organization, Transaction } from "../seed";
import type { EmulatorState } from "../state";
import { resolveAllocation, unknownParentId } from "./catalog";
import type { ImportJob, ImportNotification, NotificationCode, Split } from "./model";
import { processContactImport } from "./contact-rows";
import { isNewer, parseSplitRow, rowLabels, type SplitRow } from "./split-rows";

type AcceptedRow = { index: number; raw: unknown; row: SplitRow };

/** A split as it would be after this import: `row` is the last row that set its fields. */
type Draft = { split: Split; original: Split | null; row: SplitRow | null };

export function processImport(state: EmulatorState, job: ImportJob, applicationName: string, nowMs: number): void {
  const org = state.organizations.get(job.organizationId);
  if (org === undefined) throw new Error(`organization ${job.organizationId} is gone`);
  if (job.format === "contact_with_transaction") return processContactImport(state, org, job, nowMs);
  const splits = state.splits.get(org.id) ?? [];
  state.splits.set(org.id, splits);

  const drop: Drop = (index, raw, code, message) => {
    const notification: ImportNotification = { import_id: job.id, row: index, ...rowLabels(raw), code, message };
    job.notifications.push(notification);
  };

  const { groups, silentlyDropped } = groupRows(state, org, job, splits, drop);

  let imported = 0;
  for (const [transaction, rows] of groups) {
    const current = splits.filter(
      (s) => s.client_id === job.clientId && s.transaction_id === transaction.transaction_id,
    );
    const drafts = current.map((split): Draft => ({ split: { ...split }, original: split, row: null }));
    const applied: AcceptedRow[] = [];
    for (const accepted of rows) {
      const failure = applyRow(drafts, accepted.row, job, transaction);
      if (failure === null) applied.push(accepted);
      else drop(accepted.index, accepted.raw, failure.code, failure.message);
    }
    if (applied.length === 0) continue;

    const active = drafts.filter((d) => d.split.deleted_at === null);
    const sum = active.reduce((total, d) => total + d.split.unit_amount_in_cents * d.split.quantity, 0);
    // No active split left means the transaction is unsplit again: its whole total, as before any split.
    if (active.length > 0 && sum !== transaction.amount_in_cents) {
      for (const { index, raw } of applied) {
        drop(
          index,
          raw,
          "sum_mismatch",
          `Row not applied: after this import the splits of transaction ${transaction.transaction_id} would add up to ` +
            `${sum} cents, but the transaction's total is ${transaction.amount_in_cents} cents. ` +
            `None of this import's ${applied.length} row(s) for the transaction were applied; its previous splits are unchanged.`,
        );
      }
      continue;
    }
    commit(org, splits, drafts, applicationName);
    imported += applied.length;
  }

  job.notifications.sort((a, b) => a.row - b.row);
  // A silent drop must not show in the counts either: it reads as imported (README, "Behaviour settings").
  job.rowsImported = imported + silentlyDropped;
  job.rowsDropped = job.rows.length - imported - silentlyDropped;
}

type Drop = (index: number, raw: unknown, code: NotificationCode, message: string) => void;

/**
 * The first pass, row by row: drops the rows that cannot apply on their own (malformed, no such
 * transaction, an id another transaction owns) and groups the rest by transaction, so that the
 * sum rule can then be checked per transaction. Kept apart from processImport, which reads as
 * the two passes.
 */
function groupRows(
  state: EmulatorState,
  org: Organization,
  job: ImportJob,
  splits: Split[],
  drop: Drop,
): { groups: Map<Transaction, AcceptedRow[]>; silentlyDropped: number } {
  // Split id -> transaction, for ids already stored and ids claimed by earlier rows of this import.
  const owners = new Map<string, string>();
  for (const split of splits) {
    if (split.id !== null && split.client_id === job.clientId) owners.set(split.id, split.transaction_id);
  }
  const groups = new Map<Transaction, AcceptedRow[]>();
  let silentlyDropped = 0;

  job.rows.forEach((raw, index) => {
    const row = parseSplitRow(raw);
    if (typeof row === "string") return drop(index, raw, "invalid_row", row);
    const transaction = locateTransaction(org, job, row.transactionRef);
    if (transaction === undefined) {
      if (state.settings.notFound === "notify") {
        return drop(index, raw, "transaction_not_found", notFoundMessage(job, row.transactionRef));
      }
      // Silent, as the interface says (§2.3 rule 5, §7): "no other shown effect". An overlapping
      // id is the one drop the interface promises to report, so it is reported all the same.
      if (row.id !== null && overlapsTransaction(org, row.id)) {
        return drop(index, raw, "overlapping_id", overlapMessage(row.id));
      }
      silentlyDropped++;
      return;
    }
    if (row.id !== null && overlapsTransaction(org, row.id)) {
      return drop(index, raw, "overlapping_id", overlapMessage(row.id));
    }
    if (unknownParentId(org, row)) {
      return drop(
        index,
        raw,
        "invalid_row",
        `Row dropped: parent_campaign_id "${row.parentCampaignId}" is not a known campaign; send parent_campaign with it to create the parent.`,
      );
    }
    if (row.id !== null) {
      const owner = owners.get(row.id);
      if (owner !== undefined && owner !== transaction.transaction_id) {
        return drop(
          index,
          raw,
          "invalid_row",
          `Row dropped: the split id "${row.id}" already belongs to transaction ${owner}, not to transaction ${transaction.transaction_id}.`,
        );
      }
      owners.set(row.id, transaction.transaction_id);
    }
    const group = groups.get(transaction) ?? [];
    group.push({ index, raw, row });
    groups.set(transaction, group);
  });
  return { groups, silentlyDropped };
}

type RowFailure = { code: NotificationCode; message: string };

/** Applies one row to the drafts; a failure when the row names a split that does not exist or is stale. */
function applyRow(drafts: Draft[], row: SplitRow, job: ImportJob, transaction: Transaction): RowFailure | null {
  const existing = row.id === null ? undefined : drafts.find((d) => d.split.id === row.id);
  if (job.action === "update" && existing !== undefined && !isNewer(row.updatedMs, existing.split.updated_ms)) {
    return {
      code: "not_newer",
      message: `Row not applied (action_type update): its updated_time is not newer than that of the split "${row.id}" the service holds.`,
    };
  }
  if (row.updatedMs !== null && existing !== undefined) existing.split.updated_ms = row.updatedMs;
  if (row.deletedAt !== null) {
    if (existing === undefined) {
      return {
        code: "split_not_found",
        message: `Row dropped: deleted_at names the split "${row.id}", but transaction ${transaction.transaction_id} has no split with that id.`,
      };
    }
    existing.split.deleted_at = row.deletedAt;
    existing.split.updated_by_import = job.id;
    return null;
  }
  if (existing !== undefined) {
    // The same id again updates the split (and brings a deleted one back).
    Object.assign(existing.split, {
      unit_amount_in_cents: row.unitAmountInCents,
      quantity: row.quantity,
      deleted_at: null,
      updated_by_import: job.id,
    });
    existing.row = row;
    return null;
  }
  drafts.push({
    original: null,
    row,
    split: {
      id: row.id,
      client_id: job.clientId,
      transaction_id: transaction.transaction_id,
      unit_amount_in_cents: row.unitAmountInCents,
      quantity: row.quantity,
      // Filled in by commit: campaigns and funds are created only when the group is applied.
      campaign: "",
      campaign_id: "",
      parent_campaign: null,
      fund: "",
      fund_id: "",
      deleted_at: null,
      updated_ms: row.updatedMs,
      created_by_import: job.id,
      updated_by_import: job.id,
    },
  });
  return null;
}

function commit(org: Organization, splits: Split[], drafts: Draft[], applicationName: string): void {
  for (const draft of drafts) {
    if (draft.row !== null) Object.assign(draft.split, resolveAllocation(org, draft.row, applicationName));
    if (draft.original === null) splits.push(draft.split);
    else Object.assign(draft.original, draft.split);
  }
}

function locateTransaction(org: Organization, job: ImportJob, ref: string): Transaction | undefined {
  return job.matchBy === "transaction_id"
    ? org.transactions.find((t) => t.transaction_id === ref)
    : org.transactions.find((t) => t.external_id !== null && t.external_id === ref);
}

function notFoundMessage(job: ImportJob, ref: string): string {
  return job.matchBy === "transaction_id"
    ? `Row dropped: no transaction in this organization has the transaction id "${ref}" (match_by transaction: transaction_id compares with the service's transaction ids).`
    : `Row dropped: no transaction in this organization has the external id "${ref}" (by default transaction_id is compared with external ids; a transaction without one needs match_by { "transaction": "transaction_id" }).`;
}

function overlapMessage(id: string): string {
  return (
    `Row dropped: the id "${id}" is already the id of a transaction in this organization. ` +
    `A split id must never equal a transaction id; the form "<transaction_id>:<suffix>" avoids that.`
  );
}

function overlapsTransaction(org: Organization, id: string): boolean {
  return org.transactions.some((t) => t.transaction_id === id || t.external_id === id);
}
