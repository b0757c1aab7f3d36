import { apiRoute } from "@/lib/http/route";
import { BODY_LIMITS } from "@/lib/http/limited-body";
import { itemIdsSchema, skipItems } from "@/lib/templates/inbox";

export const POST = apiRoute(
  { body: itemIdsSchema, maxBodyBytes: BODY_LIMITS.submissions },
  async ({ connection, body }) => skipItems(connection.id, body.items),
);
