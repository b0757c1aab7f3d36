import { apiRoute } from "@/lib/http/route";
import { draftReady } from "@/lib/contracts/bulk";
import { markReady } from "@/lib/bulk/drafts";

export const POST = apiRoute({ contract: draftReady }, async ({ connection, params }) => {
  await markReady(connection.id, String(params.id));
  return { ok: true };
});
