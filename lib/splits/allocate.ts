// Helpers of the split editor. All arithmetic is on integer cents.
import { formatCents } from "./money";

/** n amounts that add up to total exactly; the leftover cents go to the first rows, one each. */
export function splitEvenly(totalCents: number, count: number): number[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError("count must be a positive integer");
  const base = Math.floor(totalCents / count);
  const leftover = totalCents - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < leftover ? 1 : 0));
}

export type Contribution = { cents: number | null; quantity: number | null };

/** amount × quantity of each row that parses; rows that do not parse count as 0. */
export function allocatedCents(rows: readonly Contribution[]): number {
  return rows.reduce((sum, row) => sum + (row.cents ?? 0) * (row.quantity ?? 0), 0);
}

/** What the row at `index` must hold (at quantity 1) for the rows to add up to the total. */
export function remainderFor(totalCents: number, rows: readonly Contribution[], index: number): number {
  const others = allocatedCents(rows.filter((_, i) => i !== index));
  return totalCents - others;
}

/**
 * Shares of `totalCents` in proportion to `weights` (largest remainder: the shares add up to the
 * total exactly, each within a cent of its exact value; ties go to the earlier line).
 */
export function proportionalShares(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) throw new RangeError("weights must add up to more than 0");
  const exact = weights.map((w) => BigInt(totalCents) * BigInt(w));
  const shares = exact.map((e) => Number(e / BigInt(sum)));
  let leftover = totalCents - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, remainder: e % BigInt(sum) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of order) {
    if (leftover <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    leftover--;
  }
  return shares;
}

export type Fit = { ok: true; unitCents: number[] } | { ok: false; reason: string };

/**
 * Unit amounts, one per line, whose amount × quantity add up to `totalCents` exactly and come as
 * close as whole cents allow to each line's `targets` (line totals). Quantities are kept: a line
 * of quantity 3 moves in steps of 3 cents. When the steps cannot make the total exactly (every
 * quantity above 1 and none fits the last cents) or a line would be left at 0, it says why.
 */
export function fitToTotal(
  totalCents: number,
  targets: readonly number[],
  quantities: readonly number[],
  currency = "USD",
): Fit {
  const units = targets.map((t, i) => Math.floor(t / (quantities[i] ?? 1)));
  const shortfall = targets.map((t, i) => t - (units[i] ?? 0) * (quantities[i] ?? 1));
  let left = totalCents - units.reduce((sum, u, i) => sum + u * (quantities[i] ?? 1), 0);
  while (left > 0) {
    // The line that is furthest below its target and whose step still fits.
    let best = -1;
    quantities.forEach((q, i) => {
      if (q <= left && (best < 0 || (shortfall[i] ?? 0) > (shortfall[best] ?? 0))) best = i;
    });
    if (best < 0) {
      return {
        ok: false,
        reason: `With these quantities the last ${formatCents(left, currency)} cannot be shared exactly. Set one line's quantity to 1, or type the amounts.`,
      };
    }
    units[best] = (units[best] ?? 0) + 1;
    shortfall[best] = (shortfall[best] ?? 0) - (quantities[best] ?? 1);
    left -= quantities[best] ?? 1;
  }
  if (left < 0 || units.some((u) => u <= 0)) {
    return {
      ok: false,
      reason: `${formatCents(totalCents, currency)} is too little to give every line at least one cent per unit.`,
    };
  }
  return { ok: true, unitCents: units };
}
