// Allocation rules: "60% to Scholarships, 40% to General, leftover cents to Scholarships".
// Percentages are kept as basis points (6000 = 60%) and every share is computed on integers,
// so a rule applied to any total adds up to that total exactly.
import { z } from "zod";
import { parsedText, text } from "@/lib/splits/text";

export const MAX_RULE_LINES = 20;
export const WHOLE = 10_000;

const optionalText = (label: string, max: number) =>
  text(label, max)
    .optional()
    .transform((v) => (v ? v : undefined));

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

const percent = parsedText(parseRulePercent, "Enter a percentage.");

export const ruleLineSchema = z.object({
  fund: text("Fund", 200).min(1, "Enter a fund (General when it is unknown)."),
  fundId: optionalText("Fund id", 100),
  campaign: optionalText("Campaign", 200),
  campaignId: optionalText("Campaign id", 100),
  percent,
});

export const ruleSchema = z
  .object({
    lines: z
      .array(ruleLineSchema)
      .min(1, "Add at least one line.")
      .max(MAX_RULE_LINES, `A rule has at most ${MAX_RULE_LINES} lines.`),
    /** The line that receives the cents rounding leaves over. */
    leftoverLine: z.number({ error: "Choose the line that gets the leftover cents." }).int().min(0),
  })
  .superRefine((rule, ctx) => {
    const total = rule.lines.reduce((sum, line) => sum + line.percent, 0);
    if (total !== WHOLE) {
      const gap = formatBasisPoints(Math.abs(WHOLE - total));
      ctx.addIssue({
        code: "custom",
        path: ["lines"],
        message: `The percentages add up to ${formatBasisPoints(total)}%: ${gap}% ${total < WHOLE ? "short of" : "over"} 100%.`,
      });
    }
    if (rule.leftoverLine >= rule.lines.length) {
      ctx.addIssue({
        code: "custom",
        path: ["leftoverLine"],
        message: "Choose the line that gets the leftover cents.",
      });
    }
  });

export const savedRuleSchema = z.object({
  name: text("Name", 80).min(1, "Give the rule a name."),
  rule: ruleSchema,
});

export type RuleInput = z.input<typeof ruleSchema>;
export type Rule = z.output<typeof ruleSchema>;
export type RuleLine = Rule["lines"][number];
export type SavedRuleInput = z.input<typeof savedRuleSchema>;

/** Each line's share of the total in cents: rounded down, the leftover to the named line. */
export function applyRule(
  totalCents: number,
  rule: { lines: readonly Pick<RuleLine, "percent">[]; leftoverLine: number },
): number[] {
  const total = BigInt(totalCents);
  const shares = rule.lines.map((line) => (total * BigInt(line.percent)) / BigInt(WHOLE));
  const leftover = total - shares.reduce((sum, share) => sum + share, 0n);
  shares[rule.leftoverLine] = (shares[rule.leftoverLine] ?? 0n) + leftover;
  return shares.map(Number);
}
