// The shapes of bulk allocation's JSON columns, as written by check.ts and rules-store.ts.
import "server-only";
import { z } from "zod";
import type { Allocation } from "@/lib/splits/schema";
import type { CheckedRow } from "./check";

// Keys left out of the stored JSON come back as present-but-undefined, as the schema gives them.
const optional = z
  .string()
  .optional()
  .transform((value) => value);

const storedSplitRow = z.object({
  splitId: z.string(),
  amount: z.number().int(),
  quantity: z.number().int(),
  campaign: optional,
  campaignId: optional,
  parentCampaign: optional,
  parentCampaignId: optional,
  fund: z.string(),
  fundId: optional,
  serviceDefaultCampaign: z.boolean().optional(),
});

/** BulkDraftItem.allocation: an allocation already checked (amounts in cents, split ids assigned). */
export const storedAllocation: z.ZodType<Allocation> = z.object({
  transactionId: z.string(),
  totalCents: z.number().int(),
  currency: z.string(),
  rows: z.array(storedSplitRow),
  removedSplitIds: z.array(z.string()),
});

/** BulkDraftItem.rows: each line as the file gave it, with its own problems. */
export const storedCheckedRows: z.ZodType<CheckedRow[]> = z.array(
  z.object({
    line: z.number().int().nullable(),
    values: z.record(z.string(), z.string()),
    errors: z.array(z.string()),
  }),
);

/** AllocationRule.lines: percentages in basis points (6000 = 60%). */
export const storedRuleLines = z.array(
  z.object({
    fund: z.string(),
    fundId: z.string().optional(),
    campaign: z.string().optional(),
    campaignId: z.string().optional(),
    basisPoints: z.number().int(),
  }),
);
export type StoredRuleLine = z.infer<typeof storedRuleLines>[number];
