// Checks on the body of POST /imports (spec operation 4). Only the envelope is checked here; the
// rows are checked while the import is processed, like the service does.
import type { ImportAction, ImportFormat, MatchBy } from "./model";

/** The facts: `data` holds at most 100 records per call. */
export const MAX_ROWS_PER_IMPORT = 100;

export type ImportRequest = { format: ImportFormat; action: ImportAction; matchBy: MatchBy; rows: unknown[] };

const FORMATS: readonly ImportFormat[] = ["split_transaction", "contact_with_transaction"];

const FIELDS = new Set(["data_format", "action_type", "match_by", "data_type", "data"]);
// Named by the facts as the service's alternatives to inline JSON; the emulator has none of them.
const UNSUPPORTED = new Set(["data_url", "compression"]);

/** The request, or one message per problem for a 400 answer. */
export function parseImportRequest(body: Record<string, unknown>): ImportRequest | string[] {
  const errors: string[] = [];
  for (const key of Object.keys(body)) {
    if (UNSUPPORTED.has(key)) errors.push(`${key} is not supported by the emulator; send the rows inline in data`);
    else if (!FIELDS.has(key)) errors.push(`Unknown field: ${key}`);
  }

  const { data_format: format, action_type: action, data_type: dataType, data } = body;
  if (format === undefined) errors.push("data_format is required: split_transaction or contact_with_transaction");
  else if (!FORMATS.includes(format as ImportFormat)) {
    errors.push(
      `data_format ${JSON.stringify(format)} is not supported: only split_transaction and contact_with_transaction`,
    );
  }

  // The facts: create (the default) or update (a row applies only when its updated_time is newer).
  if (action === undefined) errors.push("action_type is required and must be create or update");
  else if (action !== "create" && action !== "update") {
    errors.push(`action_type must be create or update, got ${JSON.stringify(action)}`);
  }

  if (dataType === undefined) errors.push("data_type is required and must be json");
  else if (dataType !== "json") errors.push(`data_type must be json, got ${JSON.stringify(dataType)}`);

  const matchBy = parseMatchBy(body.match_by, errors);

  if (!Array.isArray(data)) errors.push("data must be an array of split rows");
  else if (data.length === 0) errors.push("data must hold at least one row");
  else if (data.length > MAX_ROWS_PER_IMPORT) {
    errors.push(`data holds ${data.length} rows, but at most ${MAX_ROWS_PER_IMPORT} records per call are accepted`);
  }

  if (errors.length > 0) return errors;
  return {
    format: format as ImportFormat,
    action: action as ImportAction,
    matchBy,
    rows: data as unknown[],
  };
}

function parseMatchBy(value: unknown, errors: string[]): MatchBy {
  if (value === undefined) return "id";
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    errors.push('match_by must be an object such as { "transaction": "transaction_id" }');
    return "id";
  }
  const fields = value as Record<string, unknown>;
  const others = Object.keys(fields).filter((key) => key !== "transaction");
  if (others.length > 0) errors.push(`match_by may only hold the key transaction, got ${others.join(", ")}`);
  const transaction = fields.transaction;
  if (transaction === "id" || transaction === "transaction_id") return transaction;
  errors.push(`match_by.transaction must be "id" or "transaction_id", got ${JSON.stringify(transaction ?? null)}`);
  return "id";
}
