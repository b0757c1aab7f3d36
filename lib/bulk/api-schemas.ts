// Bodies of the bulk and rules routes. Sizes are bounded here so a request can never ask the
// server to hold more than one part of an upload.
import { z } from "zod";
import { transactionFiltersSchema } from "@/lib/transactions/filters";
import { textProblem } from "@/lib/unicode";
import { MAX_PART_ROWS, MAX_VALUE_LENGTH } from "./csv-format";
import { ruleSchema, savedRuleSchema } from "./rule";
import { submissionReason } from "@/lib/splits/schema";

// The one text rule (lib/unicode.ts), worded with the field's label.
const storable = (label: string) =>
  z.string().check((payload) => {
    const problem = textProblem(payload.value);
    if (problem !== null) payload.issues.push({ code: "custom", input: payload.value, message: `${label} ${problem}` });
  });

const label = storable("The name").pipe(
  z.string().trim().min(1, "Name the allocation.").max(200, "A name is at most 200 characters."),
);

export const createDraftSchema = z.discriminatedUnion("source", [
  z.object({
    source: z.literal("csv"),
    label,
    columns: z
      .array(storable("A column name").pipe(z.string().max(200, "A column name is at most 200 characters.")))
      .min(1)
      .max(50, "The file has more than 50 columns."),
  }),
  z.object({
    source: z.literal("rule"),
    label,
    rule: ruleSchema,
    filters: transactionFiltersSchema.omit({ sort: true, order: true, page: true, perPage: true }),
  }),
]);

const csvRow = z.object({
  line: z.number().int().min(2),
  values: z.record(
    storable("A column name").pipe(z.string().max(200)),
    storable("A value").pipe(z.string().max(MAX_VALUE_LENGTH * 4)),
  ),
  problem: z.string().max(2_000).optional(),
});

export const addItemsSchema = z.object({
  groups: z
    .array(z.object({ transaction: storable("A gift's id").pipe(z.string().max(200)), rows: z.array(csvRow).min(1) }))
    .min(1)
    .refine(
      (groups) => groups.reduce((n, g) => n + g.rows.length, 0) <= MAX_PART_ROWS,
      `Send at most ${MAX_PART_ROWS} lines at once.`,
    ),
});

export const submitDraftSchema = z.object({
  idempotencyKey: z.uuid("The submission key must be a UUID."),
  /** The digest of the new names the preview showed (see lib/bulk/new-names.ts). */
  confirmedNewNames: z.string().max(64).optional(),
  /** Why, in the admin's words: kept with the submission for History. */
  reason: submissionReason,
});

export { savedRuleSchema };

/** The preview's "Use “Operations”" instead of a name new to the organization. */
export const replaceNameSchema = z.object({
  kind: z.enum(["campaign", "parent", "fund"]),
  from: storable("The name").pipe(z.string().min(1).max(200)),
  to: storable("The name").pipe(z.string().min(1).max(200)),
});
