// Text the emulator refuses in an import's rows before queueing it (422), as the app refuses it
// at its own edges: a NUL character, half of a UTF-16 surrogate pair (not Unicode: a real service
// storing UTF-8 cannot keep it), or a name longer than a service would keep. The service's own
// limits are not documented; these are the emulator's choice (README, "Limits").

/** Campaign and fund names, like the app's own limit on them. */
export const MAX_NAME_LENGTH = 200;
/** Any other text in a row (ids, notes). */
export const MAX_TEXT_LENGTH = 10_000;

const NAME_FIELDS = new Set(["campaign", "parent_campaign", "fund"]);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problem(field: string, value: string): string | null {
  if (value.includes("\u0000")) return "contains a NUL character";
  if (LONE_SURROGATE.test(value)) return "contains half of a surrogate pair (not Unicode)";
  const max = NAME_FIELDS.has(field) ? MAX_NAME_LENGTH : MAX_TEXT_LENGTH;
  if (value.length > max) return `is ${value.length} characters long; at most ${max} are accepted`;
  return null;
}

/** One message per refused value ("data[3].campaign: …"); empty when every row's text is fine. */
export function rowTextProblems(rows: readonly unknown[]): string[] {
  const errors: string[] = [];
  rows.forEach((row, index) => {
    if (typeof row !== "object" || row === null) return;
    for (const [field, value] of Object.entries(row)) {
      const keyProblem = problem("", field);
      if (keyProblem !== null) errors.push(`data[${index}] has a field name that ${keyProblem}`);
      else if (typeof value === "string") {
        const found = problem(field, value);
        if (found !== null) errors.push(`data[${index}].${field} ${found}`);
      }
    }
  });
  return errors;
}
