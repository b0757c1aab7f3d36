// The split editor's actions on its lines, as pure functions that return what to write into which
// line: split evenly, share the remainder in proportion, put the remainder on one line, follow a
// typed percentage, settle a typed calculation. Quantities are kept; when they make an exact
// result impossible, the action says why instead of changing them.
import { fitToTotal, proportionalShares, splitEvenly } from "./allocate";
import { type EditorLine, lineFigures } from "./editor-lines";
import { centsToInput, formatCents, formatShare, parseQuantity, parseShare, percentOf } from "./money";

export type LinePatch = { index: number; amount: string; percent: string; source: EditorLine["source"] };
export type Outcome = { ok: true; patches: LinePatch[]; note?: string } | { ok: false; reason: string };

type Gift = { totalCents: number; currency: string };

function quantitiesOf(lines: readonly EditorLine[]): number[] | null {
  const out: number[] = [];
  for (const line of lines) {
    const q = parseQuantity(line.quantity);
    if (!q.ok) return null;
    out.push(q.value);
  }
  return out;
}

function amountPatches(units: readonly number[], quantities: readonly number[], total: number): LinePatch[] {
  return units.map((unit, index) => ({
    index,
    amount: centsToInput(unit),
    percent: formatShare(unit * (quantities[index] ?? 1), total),
    source: "amount",
  }));
}

export function splitEvenlyPatches(lines: readonly EditorLine[], gift: Gift): Outcome {
  const quantities = quantitiesOf(lines);
  if (!quantities) return { ok: false, reason: "Fix the quantities first: each is a whole number from 1." };
  if (gift.totalCents < lines.length) {
    return {
      ok: false,
      reason: `${formatCents(gift.totalCents, gift.currency)} cannot be split into ${lines.length} lines of at least one cent.`,
    };
  }
  const fit = fitToTotal(gift.totalCents, splitEvenly(gift.totalCents, lines.length), quantities, gift.currency);
  if (!fit.ok) return { ok: false, reason: fit.reason };
  const uneven = new Set(fit.unitCents.map((u, i) => u * (quantities[i] ?? 1))).size > 1;
  return {
    ok: true,
    patches: amountPatches(fit.unitCents, quantities, gift.totalCents),
    note: uneven
      ? `Split across ${lines.length} lines as evenly as whole cents allow; quantities are unchanged.`
      : `Split evenly across ${lines.length} lines.`,
  };
}

/** Grows or shrinks every line by the same proportion so that together they make the total. */
export function distributePatches(lines: readonly EditorLine[], gift: Gift): Outcome {
  const quantities = quantitiesOf(lines);
  const totals = lines.map((line) => lineFigures(line, gift.totalCents, gift.currency).lineCents);
  if (!quantities || totals.some((t) => t === null)) {
    return { ok: false, reason: "Every line needs an amount before the remainder can be shared in proportion." };
  }
  const current = totals as number[];
  const allocated = current.reduce((a, b) => a + b, 0);
  if (allocated === gift.totalCents)
    return { ok: false, reason: "Nothing remains to share: the lines make the total." };
  const fit = fitToTotal(gift.totalCents, proportionalShares(gift.totalCents, current), quantities, gift.currency);
  if (!fit.ok) return { ok: false, reason: fit.reason };
  const gap = gift.totalCents - allocated;
  return {
    ok: true,
    patches: amountPatches(fit.unitCents, quantities, gift.totalCents),
    note: `${gap > 0 ? "Shared" : "Took back"} ${formatCents(Math.abs(gap), gift.currency)} across the lines in proportion to their amounts.`,
  };
}

export function remainderPatch(lines: readonly EditorLine[], index: number, gift: Gift): Outcome {
  const line = lines[index];
  const quantity = line ? parseQuantity(line.quantity) : null;
  if (!line || !quantity?.ok) return { ok: false, reason: "Fix this line's quantity first." };
  let others = 0;
  for (const [i, other] of lines.entries()) {
    if (i === index) continue;
    const { lineCents } = lineFigures(other, gift.totalCents, gift.currency);
    if (lineCents === null) return { ok: false, reason: `Line ${i + 1} needs a valid amount first.` };
    others += lineCents;
  }
  const target = gift.totalCents - others;
  if (target <= 0)
    return { ok: false, reason: `Nothing remains for line ${index + 1}: the other lines already make the total.` };
  if (target % quantity.value !== 0) {
    return {
      ok: false,
      reason: `The remaining ${formatCents(target, gift.currency)} cannot be shared by ${quantity.value} units in whole cents. Set line ${index + 1}'s quantity to 1 first.`,
    };
  }
  return {
    ok: true,
    patches: [
      {
        index,
        amount: centsToInput(target / quantity.value),
        percent: formatShare(target, gift.totalCents),
        source: line.source,
      },
    ],
  };
}

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

/** After typing an amount: the percentage shown beside it. */
export function shareOf(line: EditorLine, gift: Gift): string {
  const { lineCents } = lineFigures(line, gift.totalCents, gift.currency);
  return lineCents === null ? "" : formatShare(lineCents, gift.totalCents);
}

/**
 * Leaving an amount field: "25%" becomes the amount with 25 in the percentage field, "100/3"
 * becomes 33.33 (saying it was rounded); a plain amount is left as typed.
 */
export function settleAmount(line: EditorLine, index: number, gift: Gift): { patch: LinePatch; note?: string } | null {
  const figures = lineFigures(line, gift.totalCents, gift.currency);
  const { reading, unitCents } = figures;
  if (!reading || unitCents === null || reading.kind === "amount") return null;
  const amount = centsToInput(unitCents);
  if (reading.kind === "percent") {
    const percent = line.amount.trim().replace(/\s*%$/, "");
    return { patch: { index, amount, percent, source: "percent" } };
  }
  const patch: LinePatch = {
    index,
    amount,
    percent: formatShare(figures.lineCents ?? 0, gift.totalCents),
    source: "amount",
  };
  return reading.rounded
    ? {
        patch,
        note: `${line.amount.trim()} is not a whole number of cents: line ${index + 1} is rounded to ${formatCents(unitCents, gift.currency)}.`,
      }
    : { patch };
}
