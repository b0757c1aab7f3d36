// What the inbox's requests carry (approve, skip, the selection summary, choose): shared, so the
// browser names the same schemas through lib/contracts/inbox.ts, and the server code that acts on
// them (inbox.ts, inbox-selection.ts) reads their limit and types here, below the contracts.
import "@/lib/zod-csp";
import { z } from "zod";
import { confirmedNameSchema } from "@/lib/splits/schema";

/** Items sent in one approval at most (a bulk allocation's limit of gifts). */
export const MAX_APPROVED = 10_000;

export const selectionSchema = z.object({
  /** "all": every waiting item with a proposal (the first MAX_APPROVED, as approving takes them). */
  items: z.union([z.literal("all"), z.array(z.uuid()).min(1, "Choose at least one gift.").max(MAX_APPROVED)]),
});

export const approveSchema = selectionSchema.extend({
  idempotencyKey: z.uuid("The submission key must be a UUID."),
  /** Each new campaign and fund name the admin saw (inboxNewNames) and ticked: created at the
   *  service. One left out is refused by createSubmission's rule, naming it. */
  confirmedNewNames: z.array(confirmedNameSchema).max(1_000, "Confirm at most 1000 new names at once.").default([]),
});

export const itemIdsSchema = z.object({
  items: z.array(z.uuid()).min(1, "Choose at least one gift.").max(MAX_APPROVED),
});

export const chooseSchema = z.object({ templateId: z.uuid("Choose a template.") });
