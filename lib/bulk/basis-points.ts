// Percentages as basis points (6000 = 60%): read from what was typed, written back, and a total
// shared out by them on integers, so the shares always add up to the total exactly. Apart from
// the rule's schema (rule.ts) and free of zod: the bulk page's rule table adds its lines up with
// these on every keystroke, and zod loads only when the rule is first checked.

export const WHOLE = 10_000;

/** "60", "60%", "33.33" → basis points; anything else is refused with what to write instead. */
export function parseRulePercent(input: string): { ok: true; value: number } | { ok: false; error: string } {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(input.trim());
  if (!match) return { ok: false, error: "Write a percentage like 60 or 33.33." };
  const [, whole = "0", fraction = ""] = match;
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (value <= 0 || value > WHOLE) return { ok: false, error: "A percentage is more than 0 and at most 100." };
  return { ok: true, value };
}

/** 6000 → "60", 3333 → "33.33": what goes back into a percentage field. */
export function formatBasisPoints(value: number): string {
  const whole = Math.floor(value / 100);
  const fraction = value % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, "0").replace(/0$/, "")}`;
}

/** Each line's share of the total in cents: rounded down, the leftover to the named line. */
export function applyRule(
  totalCents: number,
  rule: { lines: readonly { percent: number }[]; leftoverLine: number },
): number[] {
  const total = BigInt(totalCents);
  const shares = rule.lines.map((line) => (total * BigInt(line.percent)) / BigInt(WHOLE));
  const leftover = total - shares.reduce((sum, share) => sum + share, 0n);
  shares[rule.leftoverLine] = (shares[rule.leftoverLine] ?? 0n) + leftover;
  return shares.map(Number);
}
