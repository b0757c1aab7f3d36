import { formatCents } from "./money";

/** A move of money as the admin reads it: "+$60.00" arriving, "−$100.00" leaving (a true minus
 *  sign), and "no change" rather than a signed zero, so every before/after table says it alike. */
export function formatChange(cents: number, currency: string): string {
  if (cents === 0) return "no change";
  return `${cents > 0 ? "+" : "−"}${formatCents(Math.abs(cents), currency)}`;
}
