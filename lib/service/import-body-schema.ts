// The shape of an import body as the wire contract (import-rows.ts) builds it: what a stored
// batch's body is parsed with before it is sent again (lib/outbox/claim.ts), so a body written
// by another version, or edited by hand, is refused before it reaches the service.
import "server-only";
import { z } from "zod";
import type { ImportBody } from "./import-rows";

const name = z.string().optional();

const importRow = z.strictObject({
  id: z.string().min(1),
  transaction_id: z.string().min(1),
  unit_amount_in_cents: z.number().int(),
  quantity: z.number().int().positive(),
  campaign: name,
  campaign_id: name,
  parent_campaign: name,
  parent_campaign_id: name,
  fund: z.string(),
  fund_id: name,
  deleted_at: z.number().int().optional(),
});

export const importBodySchema: z.ZodType<ImportBody> = z.strictObject({
  data_format: z.literal("split_transaction"),
  action_type: z.literal("create"),
  match_by: z.strictObject({ transaction: z.enum(["id", "transaction_id"]) }),
  data_type: z.literal("json"),
  data: z.array(importRow).min(1).max(100),
});
