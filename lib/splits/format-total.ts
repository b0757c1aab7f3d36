// A sum of many gifts, formatted from its exact integer cents. Sums travel as text ("6001300125"):
// they may pass 2^53 cents, where a number would round, and dividing by 100 would float them.

const formatters = new Map<string, Intl.NumberFormat>();

export function formatTotalCents(cents: string | bigint, currency = "USD"): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });
    formatters.set(currency, formatter);
  }
  const value = BigInt(cents);
  const sign = value < 0n ? "-" : "";
  const magnitude = value < 0n ? -value : value;
  // A decimal string is formatted exactly (Intl.NumberFormat v3), digit for digit.
  const decimal = `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, "0")}` as `${number}`;
  return formatter.format(decimal);
}

/** "60,013": every count on screen has its thousands separated. */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}
