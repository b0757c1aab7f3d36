// CSV that Apportion writes for people to open in a spreadsheet (the bulk error file, History's
// export): one place for the guard against formula injection, so every file Apportion gives out
// is written the same way.
import "server-only";
import Papa from "papaparse";

// Leading = + - @ (or a tab or carriage return) would run as a formula when the file is opened in
// a spreadsheet: such a value is written with a leading quote. papaparse's own pattern
// (/^[=+\-@\t\r].*$/) misses values with a line break in them.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Lines of CSV (CRLF-separated, no trailing line break), with a header line when `fields` is given. */
export function safeCsv(data: readonly (readonly string[])[], fields?: readonly string[]): string {
  if (fields)
    return Papa.unparse({ fields: [...fields], data: data.map((row) => [...row]) }, { escapeFormulae: FORMULA_START });
  return Papa.unparse(
    data.map((row) => [...row]),
    { escapeFormulae: FORMULA_START, header: false },
  );
}
