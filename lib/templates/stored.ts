// The shape of AllocationTemplate.lines as store.ts writes it: a template line as the schema
// gives it (cents and basis points, never the typed text).
import "server-only";
import { z } from "zod";
import type { TemplateLine } from "./schema";

// Keys left out of the stored JSON come back as present-but-undefined, as the schema gives them.
const name = z
  .string()
  .optional()
  .transform((value) => value);
const names = {
  campaign: name,
  campaignId: name,
  parentCampaign: name,
  parentCampaignId: name,
  fund: z.string(),
  fundId: name,
};

export const storedTemplateLines: z.ZodType<TemplateLine[]> = z.array(
  z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("percent"), basisPoints: z.number().int().positive(), ...names }),
    z.object({ kind: z.literal("fixed"), cents: z.number().int().positive(), ...names }),
    z.object({ kind: z.literal("remainder"), ...names }),
  ]),
);
