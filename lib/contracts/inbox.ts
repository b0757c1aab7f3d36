// The inbox's routes (app/api/inbox/**) and its calls (lib/hooks/inbox-calls.ts). The bodies'
// schemas are lib/templates/inbox-requests.ts's: shared, below both the contract and the server
// code that acts on them.
import "@/lib/zod-csp";
import { approveSchema, chooseSchema, itemIdsSchema, selectionSchema } from "@/lib/templates/inbox-requests";
import type { approveItems, listInbox, skipItems } from "@/lib/templates/inbox";
import type { SelectionSummary } from "@/lib/templates/inbox-names";
import { contract } from "./contract";

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
