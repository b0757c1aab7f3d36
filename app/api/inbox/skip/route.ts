import { apiRoute } from "@/lib/http/route";
import { inboxSkip } from "@/lib/contracts/inbox";
import { BODY_LIMITS } from "@/lib/http/limited-body";
import { skipItems } from "@/lib/templates/inbox";

export const POST = apiRoute(
  { contract: inboxSkip, maxBodyBytes: BODY_LIMITS.submissions },
  async ({ connection, body }) => skipItems(connection.id, body.items),
);
