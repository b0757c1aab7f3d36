import { apiRoute } from "@/lib/api/route";
import { addItemsSchema } from "@/lib/bulk/api-schemas";
import { addCsvItems } from "@/lib/bulk/drafts";

/** One part of an upload: whole transactions, at most 5,000 lines. */
export const POST = apiRoute(
  { body: addItemsSchema, maxBodyBytes: 4 * 1024 * 1024 },
  async ({ connection, params, body }) => addCsvItems(connection.id, String(params.id), body.groups),
);
