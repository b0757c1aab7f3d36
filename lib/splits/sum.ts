// The sum rule's words, without zod: the bulk checks and the shared schema (which the editor loads
// with its review) say it the same way.
import { formatCents } from "./money";

/** How far the rows are from the total, in words; null when they match. */
export function sumProblem(allocatedCents: number, totalCents: number, currency = "USD"): string | null {
  if (allocatedCents === totalCents) return null;
  const gap = formatCents(Math.abs(totalCents - allocatedCents), currency);
  return allocatedCents < totalCents
    ? `The splits add up to ${formatCents(allocatedCents, currency)}: ${gap} short of the ${formatCents(totalCents, currency)} total.`
    : `The splits add up to ${formatCents(allocatedCents, currency)}: ${gap} over the ${formatCents(totalCents, currency)} total.`;
}
