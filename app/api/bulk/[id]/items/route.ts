import { apiRoute } from "@/lib/http/route";
import { draftItems } from "@/lib/contracts/bulk";
import { BODY_LIMITS } from "@/lib/http/limited-body";
import { addCsvItems } from "@/lib/bulk/drafts";

/** One part of an upload: whole transactions, at most 5,000 lines. */
export const POST = apiRoute(
  { contract: draftItems, maxBodyBytes: BODY_LIMITS.bulkItems },
  async ({ connection, params, body }) => addCsvItems(connection.id, String(params.id), body.groups),
);
