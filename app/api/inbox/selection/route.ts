import { apiRoute } from "@/lib/http/route";
import { inboxSelection } from "@/lib/contracts/inbox";
import { BODY_LIMITS } from "@/lib/http/limited-body";
import { selectionSummary } from "@/lib/templates/inbox-names";

/** What approving a selection would send and the new names it would create, asked before approving it (a POST: 10,000 ids do not fit an address). */
export const POST = apiRoute(
  { contract: inboxSelection, maxBodyBytes: BODY_LIMITS.submissions },
  async ({ connection, body }) => selectionSummary(connection.id, body.items),
);
