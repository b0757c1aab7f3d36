import { apiRoute } from "@/lib/http/route";
import { BODY_LIMITS } from "@/lib/http/limited-body";
import { selectionSchema, selectionSummary } from "@/lib/templates/inbox-names";

/** What approving a selection would send and the new names it would create, asked before approving it (a POST: 10,000 ids do not fit an address). */
export const POST = apiRoute(
  { body: selectionSchema, maxBodyBytes: BODY_LIMITS.submissions },
  async ({ connection, body }) => selectionSummary(connection.id, body.items),
);
