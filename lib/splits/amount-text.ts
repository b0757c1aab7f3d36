// What an admin may type into an amount field, read into integer cents: a plain amount
// ("12.50"), a share of the gift ("25%"), or a little arithmetic ("100/3", "(40+35)*2", read by
// amount-expression.ts, which loads when the editor is first used and is awaited where needed).
import type { AmountExpressionModule } from "./amount-expression";
import { type Parsed, parseMoney, parsePercent, percentOf } from "./money";

export type AmountReading =
  | { kind: "amount"; cents: number }
  | { kind: "percent"; cents: number; basisPoints: number }
  | { kind: "expression"; cents: number; rounded: boolean };

let expressions: AmountExpressionModule | null = null;
let loading: Promise<AmountExpressionModule> | null = null;
const onLoad = new Set<() => void>();

/** Loads the arithmetic reader; until it is there, a calculation reads as "not worked out yet". */
export function loadExpressions(): Promise<AmountExpressionModule> {
  loading ??= import("./amount-expression").then((module) => {
    expressions = module;
    onLoad.forEach((listener) => listener());
    return module;
  });
  return loading;
}

/** Called when the arithmetic reader arrives, so calculations typed before can be read again. */
export function whenExpressionsLoad(listener: () => void): () => void {
  onLoad.add(listener);
  return () => void onLoad.delete(listener);
}

/** Whether a calculation can be read now (part of what a line's cached figures depend on). */
export function expressionsReady(): boolean {
  return expressions !== null;
}

/** `totalCents` is the gift's total, the base of a percentage. */
export function readAmount(input: string, totalCents: number): Parsed<AmountReading> {
  const text = input.trim();
  const percent = parsePercent(text);
  if (percent) {
    if (!percent.ok) return percent;
    return {
      ok: true,
      value: { kind: "percent", cents: percentOf(totalCents, percent.value), basisPoints: percent.value },
    };
  }
  if (isExpression(text)) {
    if (expressions) return expressions.readExpression(text);
    void loadExpressions();
    return { ok: false, error: "Working out the calculation…" };
  }
  const money = parseMoney(text);
  return money.ok ? { ok: true, value: { kind: "amount", cents: money.value } } : money;
}

/** An operator after the first character (a leading "-" is a negative amount, refused by parseMoney). */
export function isExpression(text: string): boolean {
  return /[+*/×÷()]/.test(text) || /.-/.test(text.replace(/^\$/, ""));
}
