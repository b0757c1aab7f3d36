// A template applied to a gift's total: each line's cents, exact. Fixed amounts are taken as
// they are, percentages of the whole gift are the bulk rule's (lib/bulk/rule.ts: basis points,
// rounded down in BigInt), and the rest line gets what is left, rounding cents included, so the
// lines always add up to the total. The rule's arithmetic is reused by giving the rest line the
// basis points the percentages leave, then taking the fixed amounts out of its share.
import { applyRule, WHOLE } from "@/lib/bulk/basis-points";
import type { TemplateLine } from "./schema";

export type Shares = { ok: true; cents: number[] } | { ok: false; error: string };

export function templateShares(totalCents: number, lines: readonly TemplateLine[]): Shares {
  const rest = lines.findIndex((line) => line.kind === "remainder");
  if (rest < 0) return { ok: false, error: "The template has no line taking the rest." };
  const percents = lines.reduce((sum, line) => sum + (line.kind === "percent" ? line.basisPoints : 0), 0);
  const rule = {
    lines: lines.map((line) => ({
      percent: line.kind === "percent" ? line.basisPoints : line.kind === "remainder" ? WHOLE - percents : 0,
    })),
    leftoverLine: rest,
  };
  const cents = applyRule(totalCents, rule);
  let fixed = 0;
  lines.forEach((line, index) => {
    if (line.kind === "fixed") {
      cents[index] = line.cents;
      fixed += line.cents;
    }
  });
  cents[rest] = (cents[rest] ?? 0) - fixed;
  if ((cents[rest] ?? 0) < 0) {
    return { ok: false, error: "The template's fixed amounts and percentages come to more than this gift." };
  }
  return { ok: true, cents };
}
