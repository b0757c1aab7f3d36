import { apiRoute } from "@/lib/http/route";
import { draftReplaceName } from "@/lib/contracts/bulk";
import { replaceNewName } from "@/lib/bulk/new-names";

/** The preview's "Use “Operations”": a name new to the organization replaced by a known one. */
export const POST = apiRoute({ contract: draftReplaceName }, async ({ connection, params, body }) => {
  const changed = await replaceNewName(connection.id, String(params.id), body);
  return { changed };
});
