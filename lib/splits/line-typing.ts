// What typing into a line does to its amount: a typed percentage sets it, and a share or a sum
// typed into it settles into cents when the admin moves on. Loaded with the editor; the table's
// buttons (line-operations.ts) load on first use.
import { type EditorLine, lineFigures } from "./editor-lines";
import { centsToInput, formatCents, parseQuantity, parseShare, percentOf } from "./money";

/** What to write into a line; `percent` only when the line follows a typed percentage. */
export type LinePatch = { index: number; amount: string; percent?: string; source: EditorLine["source"] };

type Gift = { totalCents: number; currency: string };

/**
 * The amount a typed percentage gives its line. When every line is a typed percentage and they
 * add up to exactly 100%, this line takes what the others leave, so rounding never loses or adds
 * a cent: 50% and 50% of $10.01 are $5.01 and $5.00.
 */
export function percentPatch(lines: readonly EditorLine[], index: number, gift: Gift): LinePatch {
  const line = lines[index];
  const blank: LinePatch = { index, amount: "", percent: line?.percent ?? "", source: "percent" };
  if (!line) return blank;
  const share = parseShare(line.percent);
  const quantity = parseQuantity(line.quantity);
  if (!share.ok || !quantity.ok) return blank;
  let lineCents = percentOf(gift.totalCents, share.value);
  const shares = lines.map((l, i) => (i === index ? share : l.source === "percent" ? parseShare(l.percent) : null));
  const allPercent = shares.every((s) => s?.ok);
  if (allPercent && shares.reduce((sum, s) => sum + (s?.ok ? s.value : 0), 0) === 10_000) {
    let others = 0;
    lines.forEach((l, i) => {
      if (i !== index) others += lineFigures(l, gift.totalCents, gift.currency).lineCents ?? 0;
    });
    lineCents = gift.totalCents - others;
  }
  if (lineCents <= 0 || lineCents % quantity.value !== 0) return blank;
  return { index, amount: centsToInput(lineCents / quantity.value), percent: line.percent, source: "percent" };
}

/**
 * Leaving an amount field: "25%" becomes the amount with 25 in the percentage field, "100/3"
 * becomes 33.33 (saying it was rounded); a plain amount is left as typed.
 */
export function settleAmount(line: EditorLine, index: number, gift: Gift): { patch: LinePatch; note?: string } | null {
  const figures = lineFigures(line, gift.totalCents, gift.currency);
  const { reading, unitCents } = figures;
  if (!reading || unitCents === null) return null;
  const amount = centsToInput(unitCents);
  // "30", ".5" or "$5" read as typed; on leaving, the field shows them as cents ("30.00").
  if (reading.kind === "amount") return line.amount === amount ? null : { patch: { index, amount, source: "amount" } };
  if (reading.kind === "percent") {
    const percent = line.amount.trim().replace(/\s*%$/, "");
    return { patch: { index, amount, percent, source: "percent" } };
  }
  const patch: LinePatch = { index, amount, source: "amount" };
  return reading.rounded
    ? {
        patch,
        note: `${line.amount.trim()} is not a whole number of cents: line ${index + 1} is rounded to ${formatCents(unitCents, gift.currency)}.`,
      }
    : { patch };
}
