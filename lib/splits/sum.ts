// The sum rule's words and the row limit, without zod: the split editor imports these on first
// load (the live "short by" message), while the zod schema that also uses them loads on demand.
import { formatCents } from "./money";

export const MAX_ROWS_PER_TRANSACTION = 100;

/** How far the rows are from the total, in words; null when they match. */
export function sumProblem(allocatedCents: number, totalCents: number, currency = "USD"): string | null {
  if (allocatedCents === totalCents) return null;
  const gap = formatCents(Math.abs(totalCents - allocatedCents), currency);
  return allocatedCents < totalCents
    ? `The splits add up to ${formatCents(allocatedCents, currency)}: ${gap} short of the ${formatCents(totalCents, currency)} total.`
    : `The splits add up to ${formatCents(allocatedCents, currency)}: ${gap} over the ${formatCents(totalCents, currency)} total.`;
}
