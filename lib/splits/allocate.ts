// Helpers of the split editor. All arithmetic is on integer cents.

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
