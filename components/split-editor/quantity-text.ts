// How a line that counts its amount more than once reads: "2 × $12.50 = $25.00". The amount is
// per unit (the service's unit_amount_in_cents), so Qty 2 doubles the line; said in figures where
// the line total shows and in the sum message, the doubling is never a surprise.
import { formatCents } from "@/lib/splits/money";

/** "2 × $12.50", the part before the line total. */
export function timesText(quantity: number, unitCents: number, currency: string): string {
  return `${quantity.toLocaleString("en-US")} × ${formatCents(unitCents, currency)}`;
}

/** The sentence under the sum, for the first line whose Qty is over 1. */
export function quantityNote(
  line: { index: number; quantity: number; unitCents: number; lineCents: number },
  currency: string,
): string {
  return `Line totals count the quantity: line ${(line.index + 1).toLocaleString("en-US")} is ${timesText(line.quantity, line.unitCents, currency)} = ${formatCents(line.lineCents, currency)}.`;
}
