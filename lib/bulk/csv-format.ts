// The CSV a bulk allocation is uploaded as: one line per split row, grouped by transaction.
// Shared by the browser worker that reads the file and the server that checks it.

/** Columns Apportion reads, by their normalised header. */
export const CSV_COLUMNS = [
  "transaction_id",
  "amount",
  "quantity",
  "campaign",
  "campaign_id",
  "parent_campaign",
  "parent_campaign_id",
  "fund",
  "fund_id",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export const REQUIRED_COLUMNS: readonly CsvColumn[] = ["transaction_id", "amount", "fund"];

/** Limits of one bulk allocation and of one upload request. */
export const MAX_BULK_ROWS = 100_000;
export const MAX_BULK_TRANSACTIONS = 10_000;
export const MAX_PART_ROWS = 5_000;
export const MAX_PART_BYTES = 2 * 1024 * 1024;
export const MAX_VALUE_LENGTH = 500;

/** One line of the file: its line number (the header is line 1) and its values by header.
 *  `problem`: the file itself could not be read properly on that line (a quote, a missing field).
 *  (A rule's lines have no line number; they never take this shape: lib/bulk/share-lines.ts.) */
export type CsvRow = { line: number; values: Record<string, string>; problem?: string };
export type CsvGroup = { transaction: string; rows: CsvRow[] };

/** " Campaign ID " → "campaign_id", so headers written by people and spreadsheets both match. */
export function normalizeHeader(header: string): string {
  return header
    .trim()
    .replace(/^\uFEFF/, "")
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** Which of our columns each header of the file is, and what is missing. */
export function mapColumns(headers: readonly string[]): {
  byColumn: Partial<Record<CsvColumn, string>>;
  missing: CsvColumn[];
  duplicated: string[];
} {
  const byColumn: Partial<Record<CsvColumn, string>> = {};
  const duplicated: string[] = [];
  for (const header of headers) {
    const column = normalizeHeader(header) as CsvColumn;
    if (!CSV_COLUMNS.includes(column)) continue;
    if (byColumn[column] !== undefined) duplicated.push(header);
    else byColumn[column] = header;
  }
  return { byColumn, missing: REQUIRED_COLUMNS.filter((c) => byColumn[c] === undefined), duplicated };
}

/** What is wrong with a file's header, in words; null when it can be read. */
export function headerProblem(headers: readonly string[]): string | null {
  const { missing, duplicated } = mapColumns(headers);
  if (missing.length > 0) {
    return `The file has no ${missing.join(", ")} column${missing.length === 1 ? "" : "s"} (its first line names ${headers.slice(0, 10).join(", ")}${headers.length > 10 ? "…" : ""}). The first line must name the columns: ${CSV_COLUMNS.join(", ")} (transaction_id, amount and fund are required).`;
  }
  if (duplicated.length > 0) return `The column ${duplicated.join(", ")} appears twice.`;
  return null;
}
