// The split editor's buttons, as pure functions that return what to write into which line: split
// evenly, share the remainder in proportion, put the remainder on one line. Quantities are kept;
// when they make an exact result impossible, the action says why instead of changing them.
import { fitToTotal, proportionalShares, splitEvenly } from "./allocate";
import { type EditorLine, lineFigures } from "./editor-lines";
import type { LinePatch } from "./line-typing";
import { centsToInput, formatCents, parseQuantity } from "./money";

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

function amountPatches(units: readonly number[]): LinePatch[] {
  return units.map((unit, index) => ({ index, amount: centsToInput(unit), source: "amount" }));
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
    patches: amountPatches(fit.unitCents),
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
    patches: amountPatches(fit.unitCents),
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
    patches: [{ index, amount: centsToInput(target / quantity.value), source: "amount" }],
  };
}
