// Allocation rules: "60% to Scholarships, 40% to General, leftover cents to Scholarships".
// Percentages are kept as basis points (6000 = 60%) and every share is computed on integers,
// so a rule applied to any total adds up to that total exactly (basis-points.ts: the arithmetic,
// apart from this schema so that the browser loads zod only to check a rule).
import { z } from "zod";
import { formatBasisPoints, parseRulePercent, WHOLE } from "./basis-points";
import { parsedText, text } from "@/lib/splits/text";

export const MAX_RULE_LINES = 20;

const optionalText = (label: string, max: number) =>
  text(label, max)
    .optional()
    .transform((v) => (v ? v : undefined));

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
