// The amount as the editor sends it ("1234.56", from centsToInput), read in one pass over the
// characters: no regular expressions, no intermediate strings. The schema reads 100,000 of these
// in a large submission; anything else goes through parseMoney. Not in money.ts, which the
// editor loads first and whose budget is tight; the schema loads on demand.
import { type Parsed, parseMoney } from "./money";

/** Cents of "1234.56" (1 to 13 whole digits, exactly 2 decimals, more than 0), else null. */
export function plainCents(text: string): number | null {
  const dot = text.length - 3;
  if (dot < 1 || dot > 13 || text.charCodeAt(dot) !== 46) return null;
  let cents = 0;
  for (let i = 0; i < text.length; i++) {
    if (i === dot) continue;
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    cents = cents * 10 + digit;
  }
  // 13 whole digits stay far below parseMoney's limit; 0.00 is left to it to refuse.
  return cents > 0 ? cents : null;
}

/** parseMoney, with the editor's own form read first: the same answer for every input. */
export function parseAmount(text: string): Parsed<number> {
  const cents = plainCents(text);
  return cents === null ? parseMoney(text) : { ok: true, value: cents };
}
