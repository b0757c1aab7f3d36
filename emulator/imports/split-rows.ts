// Validation of one split row (spec §2.3 and §8). Runs while an import is processed, not on
// submission: the service accepts an import and drops bad rows later, with a notification.
import { MAX_UNIX_SECONDS, parseIsoDate, parseRfc3339Utc } from "../dates";

export type SplitRow = {
  /** The application's split id; null creates a new split every time. */
  id: string | null;
  /** What `match_by` compares with: an external id or the service's transaction id. */
  transactionRef: string;
  unitAmountInCents: number;
  quantity: number;
  campaign: string | null;
  campaignId: string | null;
  parentCampaign: string | null;
  parentCampaignId: string | null;
  fund: string;
  fundId: string | null;
  /** ISO 8601 UTC when the row soft-deletes its split. */
  deletedAt: string | null;
  /** `updated_time` in ms, when given: action_type update applies the row only when it is newer. */
  updatedMs: number | null;
};

const FIELDS = [
  "id",
  "transaction_id",
  "unit_amount_in_cents",
  "quantity",
  "campaign",
  "campaign_id",
  "parent_campaign",
  "parent_campaign_id",
  "fund",
  "fund_id",
  "deleted_at",
  "updated_time",
];

/** The row's own id and transaction_id, for the notification, when they are strings. */
export function rowLabels(raw: unknown): { id: string | null; transaction_id: string | null } {
  if (!isRecord(raw)) return { id: null, transaction_id: null };
  return {
    id: typeof raw.id === "string" ? raw.id : null,
    transaction_id: typeof raw.transaction_id === "string" ? raw.transaction_id : null,
  };
}

/** The parsed row, or one message naming every field that is wrong. */
export function parseSplitRow(raw: unknown): SplitRow | string {
  if (!isRecord(raw)) return "The row must be a JSON object";
  const problems: string[] = [];
  const unknown = Object.keys(raw).filter((key) => !FIELDS.includes(key));
  if (unknown.length > 0) problems.push(`unknown field(s): ${unknown.join(", ")}`);

  const id = raw.id;
  if (id !== undefined && (typeof id !== "string" || id.trim() === "")) {
    problems.push("id, when given, must be a non-empty string");
  }
  const transactionRef = raw.transaction_id;
  if (typeof transactionRef !== "string" || transactionRef.trim() === "") {
    problems.push("transaction_id is required (a string): it locates the transaction to split");
  }
  const amount = parseAmount(raw.unit_amount_in_cents);
  if (amount === null) {
    problems.push(
      `unit_amount_in_cents must be a whole number of cents greater than 0, as a number or a string of digits; got ${describe(raw.unit_amount_in_cents)}`,
    );
  }
  const quantity = raw.quantity ?? 1;
  if (typeof quantity !== "number" || !Number.isSafeInteger(quantity) || quantity < 1) {
    problems.push(`quantity, when given, must be a whole number of at least 1; got ${describe(raw.quantity)}`);
  }
  const fund = raw.fund;
  if (typeof fund !== "string" || fund.trim() === "") {
    problems.push(`fund is required and must be a non-empty string ("General" when unknown); got ${describe(fund)}`);
  }
  const optional = (name: string): string | null => {
    const value = raw[name];
    if (value === undefined) return null;
    if (typeof value !== "string") {
      problems.push(`${name}, when given, must be a string; got ${describe(value)}`);
      return null;
    }
    // Blank counts as left out, as the spec allows for fund_id.
    return value.trim() === "" ? null : value.trim();
  };
  const [campaign, campaignId, parentCampaign, parentCampaignId, fundId] = [
    optional("campaign"),
    optional("campaign_id"),
    optional("parent_campaign"),
    optional("parent_campaign_id"),
    optional("fund_id"),
  ];
  if (parentCampaign !== null && parentCampaign === campaign) {
    problems.push("parent_campaign must differ from campaign");
  }
  if (parentCampaignId !== null && parentCampaignId === campaignId) {
    problems.push("parent_campaign_id must differ from campaign_id");
  }
  const deletedAt = parseDeletedAt(raw.deleted_at);
  if (deletedAt === null) {
    problems.push(
      `deleted_at must be Unix seconds (a whole number) or an RFC 3339 UTC time such as "2026-01-15T10:00:00Z"; got ${describe(raw.deleted_at)}`,
    );
  } else if (deletedAt !== "active" && id === undefined) {
    problems.push("deleted_at needs the id of the split to delete");
  }

  const updatedMs = parseUpdatedTime(raw.updated_time, problems);

  if (problems.length > 0) return `Row dropped: ${problems.join("; ")}`;
  return {
    id: typeof id === "string" ? id.trim() : null,
    transactionRef: (transactionRef as string).trim(),
    unitAmountInCents: amount as number,
    quantity: quantity as number,
    campaign,
    campaignId,
    parentCampaign,
    parentCampaignId,
    fund: (fund as string).trim(),
    fundId,
    deletedAt: deletedAt === "active" ? null : deletedAt,
    updatedMs,
  };
}

/** With action_type update, a row without updated_time never replaces what the service holds. */
export function isNewer(rowMs: number | null, heldMs: number | null): boolean {
  return rowMs !== null && (heldMs === null || rowMs > heldMs);
}

/** `updated_time` (facts, action_type update): Unix seconds or an ISO 8601 time with its zone. */
export function parseUpdatedTime(value: unknown, problems: string[]): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= MAX_UNIX_SECONDS) {
    return value * 1000;
  }
  const ms = typeof value === "string" ? parseIsoDate(value) : null;
  if (ms === null) {
    problems.push(`updated_time must be Unix seconds or an ISO 8601 time with its zone; got ${describe(value)}`);
  }
  return ms;
}

/** A positive integer number, or a string of digits ("1250"); nothing with a point or exponent. */
function parseAmount(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== "string" || !/^\d+$/.test(value)) return null;
  const amount = Number(value);
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

/** "active" when absent, the ISO time when valid, null when malformed. */
function parseDeletedAt(value: unknown): string | "active" | null {
  if (value === undefined) return "active";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value < 0 || value > MAX_UNIX_SECONDS) return null;
    return new Date(value * 1000).toISOString();
  }
  if (typeof value !== "string") return null;
  const ms = parseRfc3339Utc(value);
  return ms === null ? null : new Date(ms).toISOString();
}

function describe(value: unknown): string {
  return value === undefined ? "nothing" : JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
