// The one schema of a template (a named allocation and what it applies to), used by the
// templates form and the route handlers, so both say the same words. Figures are typed as text
// and read by the editor's and the bulk rule's own parsers: amounts by parseAmount (exact cents),
// percentages by parseRulePercent (basis points).
import { z } from "zod";
import { formatBasisPoints, parseRulePercent, WHOLE } from "@/lib/bulk/basis-points";
import { parseAmount } from "@/lib/splits/plain-cents";
import { optionalText, parsedText, text } from "@/lib/splits/text";

export const MAX_TEMPLATE_LINES = 20;

export const TEMPLATE_LINE_KINDS = ["percent", "fixed", "remainder"] as const;
export type TemplateLineKind = (typeof TEMPLATE_LINE_KINDS)[number];
export const TEMPLATE_MATCH_KINDS = ["campaign", "fund", "above", "below", "donor"] as const;
export type TemplateMatchKind = (typeof TEMPLATE_MATCH_KINDS)[number];

/** A name that may be left out or empty (the form sends "", an API caller may omit it). */
const maybe = (label: string, max: number) => optionalText(label, max).optional();

const percent = parsedText(parseRulePercent, "Enter a percentage.");
const amount = parsedText(parseAmount, "Enter an amount.");

export const templateLineSchema = z
  .object({
    kind: z.enum(TEMPLATE_LINE_KINDS, { error: "Choose percent, amount or the rest." }),
    /** The percentage ("60") of a percent line, or the amount ("25.00") of a fixed one. */
    figure: z.string().max(40).optional(),
    campaign: maybe("Campaign", 200),
    campaignId: maybe("Campaign id", 100),
    parentCampaign: maybe("Parent campaign", 200),
    parentCampaignId: maybe("Parent campaign id", 100),
    fund: text("Fund", 200).min(1, "Enter a fund (General when it is unknown)."),
    fundId: maybe("Fund id", 100),
  })
  .transform((line, ctx) => {
    const { figure, ...names } = line;
    if (names.parentCampaign && !names.campaign) {
      ctx.addIssue({ code: "custom", path: ["campaign"], message: "A parent campaign needs a campaign under it." });
    }
    if (line.kind === "remainder") return { ...names, kind: "remainder" as const };
    const parsed = (line.kind === "percent" ? percent : amount).safeParse(figure ?? "");
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", path: ["figure"], message: parsed.error.issues[0]?.message ?? "Enter a figure." });
      return z.NEVER;
    }
    return line.kind === "percent"
      ? { ...names, kind: "percent" as const, basisPoints: parsed.data }
      : { ...names, kind: "fixed" as const, cents: parsed.data };
  });

export type TemplateLine = z.output<typeof templateLineSchema>;

/** What a template applies to, as matching reads it: a name, or an amount in cents. */
export type AppliesTo =
  { kind: "campaign" | "fund" | "donor"; value: string } | { kind: "above" | "below"; cents: number };

const appliesToSchema = z
  .object({
    kind: z.enum(TEMPLATE_MATCH_KINDS, { error: "Choose what the template applies to." }),
    /** A campaign's, fund's or donor's name, or an amount ("100.00") for above and below. */
    value: text("What it applies to", 200).min(1, "Say which campaign, fund, donor or amount it applies to."),
  })
  .transform((applies, ctx): AppliesTo => {
    if (applies.kind !== "above" && applies.kind !== "below") return { kind: applies.kind, value: applies.value };
    const cents = parseAmount(applies.value);
    if (!cents.ok) {
      ctx.addIssue({ code: "custom", path: ["value"], message: cents.error });
      return z.NEVER;
    }
    return { kind: applies.kind, cents: cents.value };
  });

export const templateSchema = z
  .object({
    name: text("Name", 80).min(1, "Give the template a name."),
    lines: z
      .array(templateLineSchema)
      .min(1, "Add at least one line.")
      .max(MAX_TEMPLATE_LINES, `A template has at most ${MAX_TEMPLATE_LINES} lines.`),
    appliesTo: appliesToSchema,
    autoSend: z.boolean().default(false),
  })
  .superRefine((template, ctx) => {
    const rest = template.lines.filter((line) => line.kind === "remainder").length;
    if (rest !== 1) {
      ctx.addIssue({
        code: "custom",
        path: ["lines"],
        message: "One line, exactly, takes the rest of the gift: it makes every gift add up to the cent.",
      });
    }
    const percents = template.lines.reduce((sum, line) => sum + (line.kind === "percent" ? line.basisPoints : 0), 0);
    if (percents > WHOLE) {
      ctx.addIssue({
        code: "custom",
        path: ["lines"],
        message: `The percentages add up to ${formatBasisPoints(percents)}%: at most 100% (the rest line takes what is left).`,
      });
    }
  });

export type TemplateInput = z.input<typeof templateSchema>;
export type Template = z.output<typeof templateSchema>;
