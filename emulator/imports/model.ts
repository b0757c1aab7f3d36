// The import side of the emulated service: import jobs, their notifications and the splits they
// write. Field names of the JSON shapes follow the service's snake_case import format.

/** The facts list more states (Ready, Scheduled, Failed, ...); the emulator needs only these. */
export type ImportStatus = "Pending" | "Working" | "Complete" | "Error";

/** The two data formats the emulator takes: splits, and the minimal contact with its transaction. */
export type ImportFormat = "split_transaction" | "contact_with_transaction";

/** The facts: `create` (default), or `update`, which applies a row only when its `updated_time` is newer. */
export type ImportAction = "create" | "update";

/** `match_by.transaction`: `id` matches a row's transaction_id against external ids. */
export type MatchBy = "id" | "transaction_id";

export type NotificationCode =
  | "transaction_not_found"
  | "overlapping_id"
  | "invalid_row"
  | "sum_mismatch"
  | "split_not_found"
  /** action_type update: the row's updated_time is not newer than the service's copy. */
  | "not_newer";

export type ImportNotification = {
  import_id: number;
  /** 0-based index of the row in the import's `data`. */
  row: number;
  id: string | null;
  transaction_id: string | null;
  code: NotificationCode;
  message: string;
};

export type ImportJob = {
  id: number;
  organizationId: number;
  /** The application that submitted it: splits belong to one application. */
  clientId: string;
  status: ImportStatus;
  format: ImportFormat;
  action: ImportAction;
  matchBy: MatchBy;
  /** Kept unvalidated: the service validates rows while processing, not on submission. */
  rows: unknown[];
  rowsImported: number;
  rowsDropped: number;
  /** Milliseconds on the configured clock. */
  createdAt: number;
  updatedAt: number;
  /** When processing began (Working); shown only by the test view, for the processing span. */
  startedAt: number | null;
  completedAt: number | null;
  notifications: ImportNotification[];
};

/** One allocation of a transaction, as stored. `id` is null when the row that created it had none. */
export type Split = {
  id: string | null;
  client_id: string;
  /** The service's id of the split transaction, whatever `match_by` located it with. */
  transaction_id: string;
  unit_amount_in_cents: number;
  quantity: number;
  campaign: string;
  campaign_id: string;
  parent_campaign: string | null;
  fund: string;
  fund_id: string;
  /** ISO 8601 UTC, or null while active. */
  deleted_at: string | null;
  /** The `updated_time` of the last row that set it (ms), for action_type update; null when none said. */
  updated_ms: number | null;
  created_by_import: number;
  updated_by_import: number;
};

/** One organization's import queue: processed strictly in order, one import at a time. */
export type ImportQueue = { waiting: number[]; running: boolean };

const iso = (ms: number) => new Date(ms).toISOString();

export function importRecordJson(job: ImportJob) {
  return {
    id: job.id,
    status: job.status,
    data_format: job.format,
    action_type: job.action,
    match_by: job.matchBy,
    rows_total: job.rows.length,
    rows_imported: job.rowsImported,
    rows_dropped: job.rowsDropped,
    created_at: iso(job.createdAt),
    updated_at: iso(job.updatedAt),
    completed_at: job.completedAt === null ? null : iso(job.completedAt),
  };
}

export function importWithNotificationsJson(job: ImportJob) {
  return { ...importRecordJson(job), notifications: job.notifications };
}

/** The test view of a split; the owning application is left out, there is only one. */
export function splitJson(split: Split) {
  return {
    id: split.id,
    transaction_id: split.transaction_id,
    unit_amount_in_cents: split.unit_amount_in_cents,
    quantity: split.quantity,
    campaign: split.campaign,
    campaign_id: split.campaign_id,
    parent_campaign: split.parent_campaign,
    fund: split.fund,
    fund_id: split.fund_id,
    deleted_at: split.deleted_at,
    created_by_import: split.created_by_import,
    updated_by_import: split.updated_by_import,
  };
}
