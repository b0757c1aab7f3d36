// How a gift is named wherever the admin must recognise it: its amount and its donor.
import { formatCents } from "@/lib/splits/money";

export function giftName(gift: { amountCents: number; currency: string; contactName: string | null }): string {
  return `${formatCents(gift.amountCents, gift.currency)} from ${gift.contactName ?? "an unknown donor"}`;
}
