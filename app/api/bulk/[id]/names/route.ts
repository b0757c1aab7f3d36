import { apiRoute } from "@/lib/http/route";
import { replaceNameSchema } from "@/lib/bulk/api-schemas";
import { replaceNewName } from "@/lib/bulk/new-names";

/** The preview's "Use “Operations”": a name new to the organization replaced by a known one. */
export const POST = apiRoute({ body: replaceNameSchema }, async ({ connection, params, body }) => {
  const changed = await replaceNewName(connection.id, String(params.id), body);
  return { changed };
});
