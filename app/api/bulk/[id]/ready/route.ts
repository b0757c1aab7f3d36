import { apiRoute } from "@/lib/http/route";
import { markReady } from "@/lib/bulk/drafts";

export const POST = apiRoute({}, async ({ connection, params }) => {
  await markReady(connection.id, String(params.id));
  return { ok: true };
});
