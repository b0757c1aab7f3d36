import { formatCents } from "./money";

/** A move of money as the admin reads it: "+$60.00", "−$100.00" (a true minus sign). */
export function formatChange(cents: number, currency: string): string {
  return `${cents > 0 ? "+" : "−"}${formatCents(Math.abs(cents), currency)}`;
}
