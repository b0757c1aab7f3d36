// CSV that Apportion writes for people to open in a spreadsheet (the bulk error file, History's
// export, the funds export): one place for the guard against formula injection and for the
// file's convention, so every file Apportion gives out is written the same way:
// - a UTF-8 byte-order mark first, so spreadsheet programs read "→" and accents as UTF-8;
// - a header line, then one line per record, CRLF between lines and no blank line anywhere;
// - amounts as plain numbers ("1234.56", "-12.50") with the currency in a column of its own.
import "server-only";
import Papa from "papaparse";

// Leading = + - @ (or a tab or carriage return) would run as a formula when the file is opened in
// a spreadsheet: such a value is written with a leading quote. papaparse's own pattern
// (/^[=+\-@\t\r].*$/) misses values with a line break in them. A plain negative number
// ("-12.50") is left alone: a spreadsheet reads it as a number and runs nothing.
const FORMULA_START = /^(?!-\d+(?:\.\d+)?$)[=+\-@\t\r]/;

/** The byte-order mark a file starts with (U+FEFF, written as UTF-8). */
export const CSV_BOM = "\uFEFF";

/** Lines of CSV (CRLF-separated, no trailing line break), with a header line when `fields` is given. */
export function safeCsv(data: readonly (readonly string[])[], fields?: readonly string[]): string {
  if (fields)
    return Papa.unparse({ fields: [...fields], data: data.map((row) => [...row]) }, { escapeFormulae: FORMULA_START });
  return Papa.unparse(
    data.map((row) => [...row]),
    { escapeFormulae: FORMULA_START, header: false },
  );
}

/** The start of a file written in parts: the byte-order mark and the header line, without a
 *  line break (each later part starts with its own, so none leaves a blank line). */
export function csvHead(fields: readonly string[]): string {
  return CSV_BOM + fields.map((f) => safeCsv([[f]])).join(",");
}

/** A later part of a file begun with csvHead: its lines, each after a line break ("" for none). */
export function csvPart(data: readonly (readonly string[])[]): string {
  return data.length === 0 ? "" : `\r\n${safeCsv(data)}`;
}

/** 123456 → "1234.56", -1250 → "-12.50": exact, from the integer, for a spreadsheet to read as a
 *  number (the currency is a column of its own). */
export function plainAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
