// The inbox's routes (app/api/inbox/**) and its calls (lib/hooks/inbox-calls.ts). The bodies'
// schemas live here, not beside the server code that acts on them, so the browser can name them.
import "@/lib/zod-csp";
import { z } from "zod";
import { confirmedNameSchema } from "@/lib/splits/schema";
import type { approveItems, listInbox, skipItems } from "@/lib/templates/inbox";
import type { SelectionSummary } from "@/lib/templates/inbox-names";
import { contract } from "./contract";

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

/** GET /api/inbox?show=waiting|done */
export const inboxList = contract<Awaited<ReturnType<typeof listInbox>>>();

/** POST /api/inbox/selection: what approving would send, asked before approving. */
export const inboxSelection = contract<SelectionSummary, typeof selectionSchema>(selectionSchema);

/** POST /api/inbox/approve: the submission made (201). */
export const inboxApprove = contract<Awaited<ReturnType<typeof approveItems>>, typeof approveSchema>(approveSchema);

/** POST /api/inbox/skip */
export const inboxSkip = contract<Awaited<ReturnType<typeof skipItems>>, typeof itemIdsSchema>(itemIdsSchema);

/** POST /api/inbox/:id/choose */
export const inboxChoose = contract<{ ok: true }, typeof chooseSchema>(chooseSchema);
