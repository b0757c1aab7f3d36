// The one schema of an allocation (a transaction split into rows), used by the editor's
// zodResolver and by the route handler, so both say the same words. The sum rule lives here.
import { z } from "zod";
import { MAX_QUANTITY, parseQuantity } from "./money";
import { parseAmount } from "./plain-cents";
import { MAX_ROWS_PER_TRANSACTION } from "./row-limit";
import { sumProblem } from "./sum";
import { optionalText, parsedText, text } from "./text";

// Re-exported: server code imports them from here.
export { MAX_ROWS_PER_TRANSACTION, sumProblem };
export { MAX_QUANTITY };

/** Why a submission was made, typed in the review: optional, stored and shown in History. */
export const MAX_REASON_LENGTH = 500;
export const submissionReason = optionalText("Reason", MAX_REASON_LENGTH).optional();

const amount = parsedText(parseAmount, "Enter an amount.");

const quantity = parsedText(parseQuantity, "Enter a quantity.");

export const splitRowSchema = z
  .object({
    /** The split's id at the service: an existing split's, or one assigned when the row was added. */
    splitId: z.string().trim().min(1).max(160).regex(/^\S+$/, "A split id cannot contain spaces."),
    amount,
    quantity,
    campaign: optionalText("Campaign", 200),
    campaignId: optionalText("Campaign id", 100),
    parentCampaign: optionalText("Parent campaign", 200),
    parentCampaignId: optionalText("Parent campaign id", 100),
    fund: text("Fund", 200).min(1, "Enter a fund (General when it is unknown)."),
    fundId: optionalText("Fund id", 100),
    /** The service's default campaign (the partner's name), chosen explicitly: see placement.ts. */
    serviceDefaultCampaign: z.boolean().optional(),
  })
  .check((payload) => {
    // A check rather than superRefine: superRefine gives every row an addIssue closure.
    const row = payload.value;
    const message =
      row.serviceDefaultCampaign && (row.campaign || row.campaignId || row.parentCampaign || row.parentCampaignId)
        ? "Choose either a campaign or the service's default campaign, not both."
        : (row.parentCampaign || row.parentCampaignId) && !row.campaign
          ? "A parent campaign needs a campaign under it."
          : null;
    if (message) payload.issues.push({ code: "custom", path: ["campaign"], message, input: row, continue: true });
  });

export type SplitRowInput = z.input<typeof splitRowSchema>;
export type SplitRow = z.output<typeof splitRowSchema>;

export const allocationSchema = z
  .object({
    transactionId: z.string().trim().min(1, "Choose a gift.").max(100),
    totalCents: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    currency: z.string().regex(/^[A-Z]{3}$/),
    rows: z
      .array(splitRowSchema)
      .min(1, "Add at least one split.")
      .max(MAX_ROWS_PER_TRANSACTION, `A gift can have at most ${MAX_ROWS_PER_TRANSACTION} splits.`),
    /** Existing splits to soft-delete. */
    removedSplitIds: z.array(z.string().trim().min(1).max(160)).max(MAX_ROWS_PER_TRANSACTION),
  })
  .superRefine((allocation, ctx) => {
    const allocated = allocation.rows.reduce((sum, row) => sum + row.amount * row.quantity, 0);
    const problem = sumProblem(allocated, allocation.totalCents, allocation.currency);
    if (problem) ctx.addIssue({ code: "custom", path: ["rows"], message: problem });

    const seen = new Set<string>();
    allocation.rows.forEach((row, index) => {
      if (seen.has(row.splitId) || allocation.removedSplitIds.includes(row.splitId)) {
        ctx.addIssue({ code: "custom", path: ["rows", index, "splitId"], message: "Two splits have the same id." });
      }
      seen.add(row.splitId);
    });
    if (allocation.rows.length + allocation.removedSplitIds.length > MAX_ROWS_PER_TRANSACTION) {
      ctx.addIssue({
        code: "custom",
        path: ["rows"],
        message: `One import carries at most ${MAX_ROWS_PER_TRANSACTION} splits of a gift, removals included.`,
      });
    }
  });

export type AllocationInput = z.input<typeof allocationSchema>;
export type Allocation = z.output<typeof allocationSchema>;

/** A campaign or fund the admin ticked in the review to be created at the service. */
export const confirmedNameSchema = z.object({
  kind: z.enum(["campaign", "fund"]),
  name: text("A new name", 200).min(1, "A new name cannot be empty."),
});
export type ConfirmedName = z.output<typeof confirmedNameSchema>;

/** The body of POST /api/submissions. Totals and currencies are re-read on the server. */
export const submissionRequestSchema = z.object({
  idempotencyKey: z.uuid("The submission key must be a UUID."),
  allocations: z.array(allocationSchema).min(1, "Nothing to submit.").max(1_000, "Send at most 1000 gifts at once."),
  /** Names the service does not hold yet that the admin confirmed creating (lib/submissions/new-names.ts). */
  confirmedNewNames: z.array(confirmedNameSchema).max(1_000, "Confirm at most 1000 new names at once.").default([]),
  /** Why, in the admin's words, kept with the submission for History. */
  reason: submissionReason,
});
export type SubmissionRequest = z.output<typeof submissionRequestSchema>;
