// Reads an uploaded CSV with papaparse, streaming it in 1 MB chunks, and groups its lines by
// transaction. Runs in a Web Worker in the browser (components/bulk/csv.worker.ts) so a large
// file never blocks the page; the same code runs in tests and benchmarks under Node.
import Papa from "papaparse";
import {
  type CsvGroup,
  type CsvRow,
  headerProblem,
  mapColumns,
  MAX_PART_BYTES,
  MAX_PART_ROWS,
  MAX_BULK_ROWS,
  MAX_BULK_TRANSACTIONS,
  MAX_VALUE_LENGTH,
} from "./csv-format";
import { detectCsvEncoding, ENCODING_SAMPLE_BYTES } from "./csv-encoding";

export type CsvReadResult =
  { ok: true; columns: string[]; groups: CsvGroup[]; rowCount: number } | { ok: false; error: string };

const PARSE_ERRORS: Record<string, string> = {
  TooFewFields: "This line has fewer values than the header has columns.",
  TooManyFields: "This line has more values than the header has columns.",
  MissingQuotes: "A quoted value on this line is never closed.",
  InvalidQuotes: 'A quote in this value is not escaped (write it twice: "").',
};

export async function readCsv(input: File | string, onProgress?: (fraction: number) => void): Promise<CsvReadResult> {
  let encoding: string | undefined;
  if (typeof input !== "string") {
    // Bytes, not text, until the encoding is known (lib/bulk/csv-encoding.ts).
    const sample = new Uint8Array(await input.slice(0, ENCODING_SAMPLE_BYTES).arrayBuffer());
    const detected = detectCsvEncoding(sample, input.size <= ENCODING_SAMPLE_BYTES);
    if (!detected.ok) return { ok: false, error: detected.error };
    encoding = detected.encoding;
  }
  return parseCsv(input, encoding, onProgress);
}

function parseCsv(
  input: File | string,
  encoding: string | undefined,
  onProgress?: (fraction: number) => void,
): Promise<CsvReadResult> {
  const size = typeof input === "string" ? input.length : input.size;
  return new Promise((resolve) => {
    const groups = new Map<string, CsvGroup>();
    let columns: string[] | null = null;
    let keyColumn = "";
    let line = 1;
    let rowCount = 0;
    let failure: string | null = null;
    const fail = (message: string, parser: Papa.Parser) => {
      failure = message;
      parser.abort();
    };

    let reported = 0;
    // `step` hands over one record at a time with its own errors: with `chunk`, papaparse numbers
    // the errors of quotes and of field counts differently, and problems landed on other lines.
    Papa.parse<Record<string, string>>(input, {
      // The File is decoded by the browser's FileReader in this encoding (ignored for a string).
      ...(encoding === undefined ? {} : { encoding }),
      header: true,
      skipEmptyLines: false,
      chunkSize: 1024 * 1024,
      step(result, parser) {
        if (!columns) {
          const header = readHeader(result.meta);
          columns = header.columns;
          if ("error" in header) return fail(header.error, parser);
          keyColumn = header.keyColumn;
        }
        line += 1;
        const { values, problems } = cleanValues(result.data, columns);
        // A blank line (papaparse counts it one field short) is skipped, not reported.
        if (problems.length === 0 && Object.values(values).every((v) => v.trim() === "")) return;
        for (const error of result.errors) problems.unshift(PARSE_ERRORS[error.code] ?? error.message);
        rowCount += 1;
        if (rowCount > MAX_BULK_ROWS) {
          return fail(
            `The file has more than ${MAX_BULK_ROWS.toLocaleString("en-US")} lines; split it into smaller files.`,
            parser,
          );
        }
        const row: CsvRow = { line, values };
        if (problems.length > 0) row.problem = problems.join(" ");
        const tooMany = addToGroup(groups, (values[keyColumn] ?? "").trim(), row);
        if (tooMany) return fail(tooMany, parser);
        const fraction = Math.min(1, result.meta.cursor / Math.max(1, size));
        if (fraction - reported >= 0.01) {
          reported = fraction;
          onProgress?.(fraction);
        }
      },
      complete() {
        if (failure) resolve({ ok: false, error: failure });
        else if (!columns) resolve({ ok: false, error: "The file is empty." });
        else if (rowCount === 0) resolve({ ok: false, error: "The file has a header but no lines under it." });
        else {
          onProgress?.(1);
          resolve({ ok: true, columns, groups: [...groups.values()], rowCount });
        }
      },
      error(error) {
        resolve({ ok: false, error: `The file could not be read: ${error.message}` });
      },
    });
  });
}

/** The file's columns, from papaparse's reading of its first line, or why they cannot be used.
 *  The columns are kept either way: once read, the header is not read again. */
function readHeader(
  meta: Papa.ParseMeta,
): { columns: string[]; keyColumn: string } | { columns: string[]; error: string } {
  const renamed = Object.values(meta.renamedHeaders ?? {});
  const columns = (meta.fields ?? []).filter((f) => f !== "");
  if (columns.length === 0) return { columns, error: "The file is empty." };
  if (renamed.length > 0) return { columns, error: `The column ${[...new Set(renamed)].join(", ")} appears twice.` };
  const problem = headerProblem(columns);
  if (problem) return { columns, error: problem };
  return { columns, keyColumn: mapColumns(columns).byColumn.transaction_id ?? "" };
}

/** Files a row under its transaction; says why when that goes past the file's limits. */
function addToGroup(groups: Map<string, CsvGroup>, key: string, row: CsvRow): string | null {
  let group = groups.get(key);
  if (!group) {
    if (groups.size >= MAX_BULK_TRANSACTIONS) {
      return `The file names more than ${MAX_BULK_TRANSACTIONS.toLocaleString("en-US")} gifts; split it into smaller files.`;
    }
    group = { transaction: key, rows: [] };
    groups.set(key, group);
  }
  group.rows.push(row);
  if (group.rows.length > MAX_PART_ROWS) {
    return `Gift ${key || "(blank)"} has more than ${MAX_PART_ROWS} lines; a gift has at most 100 splits.`;
  }
  return null;
}

/** Values as text under the file's own headers (extra fields papaparse collects are left out),
 *  with what cannot be stored made safe and said: a NUL character, a value too long to be a
 *  name or an amount (most often an unclosed quote that swallowed the lines after it). */
function cleanValues(
  data: Record<string, unknown>,
  columns: readonly string[],
): { values: Record<string, string>; problems: string[] } {
  const values: Record<string, string> = {};
  const problems: string[] = [];
  for (const column of columns) {
    let value = typeof data[column] === "string" ? (data[column] as string) : "";
    if (value.includes("\u0000")) {
      value = value.replaceAll("\u0000", "");
      problems.push(`${column}: contains a NUL character.`);
    }
    if (value.length > MAX_VALUE_LENGTH) {
      value = value.slice(0, MAX_VALUE_LENGTH);
      problems.push(`${column}: longer than ${MAX_VALUE_LENGTH} characters (an unclosed quote?).`);
    }
    values[column] = value;
  }
  return { values, problems };
}

/** Whole transactions per request, up to MAX_PART_ROWS lines and about MAX_PART_BYTES of JSON
 *  each (the upload route refuses bodies over 4 MB; lines with long values reach it first). */
export function uploadParts(
  groups: readonly CsvGroup[],
  maxRows = MAX_PART_ROWS,
  maxBytes = MAX_PART_BYTES,
): CsvGroup[][] {
  const parts: CsvGroup[][] = [];
  let current: CsvGroup[] = [];
  let rows = 0;
  let bytes = 0;
  for (const group of groups) {
    const size = JSON.stringify(group).length;
    if (current.length > 0 && (rows + group.rows.length > maxRows || bytes + size > maxBytes)) {
      parts.push(current);
      current = [];
      rows = 0;
      bytes = 0;
    }
    current.push(group);
    rows += group.rows.length;
    bytes += size;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}
