// Money is integer cents end to end. Amounts typed by people are parsed as text ("12.30" →
// 1230), never through floating point, and every refusal says what to type instead.

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const MAX_CENTS = Number.MAX_SAFE_INTEGER;

export function parseMoney(input: string): Parsed<number> {
  const text = input.trim().replace(/^\$\s*/, "");
  if (text === "") return { ok: false, error: "Enter an amount." };
  if (text.startsWith("-")) return { ok: false, error: "The amount must be more than 0." };
  if (/^\d+,\d{1,2}$/.test(text)) {
    // "2,5" and "12,50" are decimal commas, not thousands.
    return { ok: false, error: `Use a dot for cents: write ${text.replace(",", ".")}, not ${text}.` };
  }
  // Commas that group thousands ("1,000", "12,345.67") have one reading for money: cents have two
  // decimals, so "1,000" cannot be a decimal comma. "0,500" can only be one: refused, as is any
  // other comma.
  if (/^[1-9]\d{0,2}(?:,\d{3})+(?:\.\d*)?$/.test(text)) return parseMoney(text.replaceAll(",", ""));
  if (text.includes(",")) {
    return {
      ok: false,
      error: "Write thousands as 1,234.50 or 1234.50; a comma only groups three digits.",
    };
  }
  if (/e/i.test(text)) return { ok: false, error: "Write the amount in plain digits, like 1000.00." };
  // ".5" is half a dollar, as a spreadsheet reads it.
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || !/\d/.test(text))
    return { ok: false, error: "Write the amount in digits with an optional decimal point, like 25.00." };
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, error: "Amounts have at most 2 decimal places (cents)." };
  const digits = `${(whole || "0").replace(/^0+(?=\d)/, "")}${fraction.padEnd(2, "0")}`;
  if (digits.length > 16 || Number(digits) > MAX_CENTS) {
    return { ok: false, error: "That amount is too large." };
  }
  const cents = Number(digits);
  if (cents === 0) return { ok: false, error: "The amount must be more than 0." };
  return { ok: true, value: cents };
}

/** "25%" → hundredths of a percent (2500), for "percent entry". */
export function parsePercent(input: string): Parsed<number> | null {
  const text = input.trim();
  if (!text.endsWith("%")) return null;
  if (/^\d*\.\d{3,}\s*%$/.test(text)) {
    return { ok: false, error: "Percentages have at most 2 decimal places, like 12.35%." };
  }
  const match = /^(\d{0,3})(?:\.(\d{1,2}))?\s*%$/.exec(text);
  if (!match || !/\d/.test(text)) return { ok: false, error: "Write a percentage like 25% or 12.5%." };
  const [, whole = "0", fraction = ""] = match;
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (hundredths <= 0 || hundredths > 10_000)
    return { ok: false, error: "A percentage must be more than 0% and at most 100%." };
  return { ok: true, value: hundredths };
}

/** The percentage field: "25", "25%" or "12.5" → hundredths of a percent. */
export function parseShare(input: string): Parsed<number> {
  const text = input.trim();
  if (text === "") return { ok: false, error: "Enter a percentage, like 25." };
  return parsePercent(text.endsWith("%") ? text : `${text}%`) ?? { ok: false, error: "Enter a percentage, like 25." };
}

/** The share of a total that a line holds, for the percentage field: "25", "33.33", "12.5". */
export function formatShare(lineCents: number, totalCents: number): string {
  if (totalCents <= 0) return "";
  const hundredths = Number((BigInt(lineCents) * 10_000n * 2n + BigInt(totalCents)) / (BigInt(totalCents) * 2n));
  const whole = Math.floor(hundredths / 100);
  const fraction = String(hundredths % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export const MAX_QUANTITY = 100_000;

export function parseQuantity(text: string): Parsed<number> {
  const trimmed = text.trim();
  const n = /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : NaN;
  return n >= 1 && n <= MAX_QUANTITY
    ? { ok: true, value: n }
    : { ok: false, error: `Quantity is a whole number from 1 to ${MAX_QUANTITY.toLocaleString("en-US")}.` };
}

/** A share of a total in cents, rounded half up, computed on integers. */
export function percentOf(totalCents: number, hundredthsOfPercent: number): number {
  return Number((BigInt(totalCents) * BigInt(hundredthsOfPercent) + 5_000n) / 10_000n);
}

/** 1234 → "12.34": what goes back into an amount field. */
export function centsToInput(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

export function formatCents(cents: number, currency = "USD"): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });
    formatters.set(currency, formatter);
  }
  // Dividing by 100 only for display; sums are never computed on the result.
  return formatter.format(cents / 100);
}
