// A minimal contact_with_transaction import (the interface names it as what creates the
// transaction a split refers to; its fields come from the facts). Each row gives a contact and one
// transaction; the row's `transaction_id` is the application's id, stored as the transaction's
// external id, and the service gives the transaction its own id. Only what the split feature
// needs: no contact records are kept beyond the transaction's contact name.
import { parseIsoDate } from "../dates";
import type { Organization, Transaction } from "../seed";
import type { EmulatorState } from "../state";
import type { ImportJob, NotificationCode } from "./model";
import { isNewer, parseUpdatedTime, rowLabels } from "./split-rows";

const TYPES: readonly Transaction["transaction_type"][] = ["cash", "check", "credit", "eft", "paypal"];

type ContactRow = {
  externalId: string;
  amountInCents: number;
  transactionTime: string | null;
  contactName: string;
  campaign: string | null;
  campaignId: string | null;
  fund: string;
  fundId: string | null;
  transactionType: Transaction["transaction_type"];
  updatedMs: number | null;
};

/** The parsed row, or one message naming every field that is wrong. Other contact fields are ignored. */
export function parseContactRow(raw: unknown): ContactRow | string {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return "The row must be a JSON object";
  const row = raw as Record<string, unknown>;
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const value = row[name];
    if (value === undefined || value === null) return null;
    if (typeof value !== "string") {
      problems.push(`${name}, when given, must be a string`);
      return null;
    }
    return value.trim() === "" ? null : value.trim();
  };
  const externalId = text("transaction_id");
  if (externalId === null) problems.push("transaction_id is required (the application's id of the transaction)");
  const amount = row.amount_in_cents;
  const cents =
    typeof amount === "number" ? amount : typeof amount === "string" && /^\d+$/.test(amount) ? Number(amount) : NaN;
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    problems.push("amount_in_cents must be a whole number of cents greater than 0");
  }
  const time = text("transaction_time");
  if (time !== null && parseIsoDate(time) === null) problems.push("transaction_time must be an ISO 8601 time");
  const type = text("transaction_type") ?? "cash";
  if (!TYPES.includes(type as Transaction["transaction_type"])) {
    problems.push(`transaction_type must be one of ${TYPES.join(", ")}`);
  }
  const name = [text("first_name"), text("last_name")].filter((part) => part !== null).join(" ");
  const [campaign, campaignId, fund, fundId, email] = [
    text("campaign"),
    text("campaign_id"),
    text("fund"),
    text("fund_id"),
    text("email"),
  ];
  const updatedMs = parseUpdatedTime(row.updated_time, problems);
  if (problems.length > 0) return `Row dropped: ${problems.join("; ")}`;
  return {
    externalId: externalId as string,
    amountInCents: cents,
    transactionTime: time === null ? null : new Date(parseIsoDate(time) as number).toISOString(),
    contactName: name !== "" ? name : (email ?? "Unnamed contact"),
    campaign,
    campaignId,
    // The facts: "General" when unknown.
    fund: fund ?? "General",
    fundId,
    transactionType: type as Transaction["transaction_type"],
    updatedMs,
  };
}

export function processContactImport(state: EmulatorState, org: Organization, job: ImportJob, nowMs: number): void {
  const drop = (index: number, raw: unknown, code: NotificationCode, message: string) => {
    job.notifications.push({ import_id: job.id, row: index, ...rowLabels(raw), code, message });
  };
  let imported = 0;
  job.rows.forEach((raw, index) => {
    const row = parseContactRow(raw);
    if (typeof row === "string") return drop(index, raw, "invalid_row", row);
    const existing = org.transactions.find((t) => t.external_id === row.externalId);
    if (existing === undefined) {
      const taken = [...state.organizations.values()].some((o) =>
        o.transactions.some((t) => t.transaction_id === row.externalId),
      );
      if (taken) {
        return drop(index, raw, "overlapping_id", `Row dropped: "${row.externalId}" is already a transaction's id.`);
      }
      org.transactions.push(newTransaction(state, org, row, nowMs));
      imported++;
      return;
    }
    // The same external id again is the same record (record matching): create overwrites, update
    // only when the row is newer than the service's copy.
    if (job.action === "update" && !isNewer(row.updatedMs, existing.updated_ms ?? null)) {
      return drop(
        index,
        raw,
        "not_newer",
        `Row not applied (action_type update): its updated_time is not newer than that of transaction ${existing.transaction_id}.`,
      );
    }
    const splits = (state.splits.get(org.id) ?? []).filter(
      (s) => s.transaction_id === existing.transaction_id && s.deleted_at === null,
    );
    if (splits.length > 0 && row.amountInCents !== existing.amount_in_cents) {
      return drop(
        index,
        raw,
        "sum_mismatch",
        `Row not applied: transaction ${existing.transaction_id} is split; its amount cannot change while its splits add up to ${existing.amount_in_cents} cents.`,
      );
    }
    Object.assign(existing, fields(org, row), {
      transaction_time: row.transactionTime ?? existing.transaction_time,
      sync_version: ++org.syncVersion,
      changed_ms: nowMs,
      updated_ms: row.updatedMs ?? existing.updated_ms ?? null,
    });
    imported++;
  });
  job.notifications.sort((a, b) => a.row - b.row);
  job.rowsImported = imported;
  job.rowsDropped = job.rows.length - imported;
}

function fields(org: Organization, row: ContactRow) {
  const campaign =
    org.campaigns.find((c) =>
      row.campaignId !== null ? c.campaign_id === row.campaignId : c.campaign === row.campaign,
    ) ?? org.campaigns[0];
  const fund =
    org.funds.find((f) => (row.fundId !== null ? f.fund_id === row.fundId : f.fund === row.fund)) ?? org.funds[0];
  return {
    amount_in_cents: row.amountInCents,
    campaign: campaign?.campaign ?? row.campaign ?? "General",
    campaign_id: campaign?.campaign_id ?? row.campaignId ?? "",
    fund: fund?.fund ?? row.fund,
    fund_id: fund?.fund_id ?? row.fundId ?? "",
    contact_name: row.contactName,
    transaction_type: row.transactionType,
  };
}

function newTransaction(state: EmulatorState, org: Organization, row: ContactRow, nowMs: number): Transaction {
  // Deleted transactions' ids too: an id once given never names another transaction.
  const all = new Set(
    [...state.organizations.values()].flatMap((o) => [...o.transactions.map((t) => t.transaction_id), ...o.deletedIds]),
  );
  let n = org.transactions.length + 1;
  let id = `5${org.id}${String(n).padStart(3, "0")}`;
  while (all.has(id)) id = `5${org.id}${String(++n).padStart(3, "0")}`;
  return {
    transaction_id: id,
    external_id: row.externalId,
    currency: "USD",
    transaction_time: row.transactionTime ?? new Date(nowMs).toISOString(),
    sync_version: ++org.syncVersion,
    changed_ms: nowMs,
    updated_ms: row.updatedMs,
    ...fields(org, row),
  };
}
