import { apiRoute } from "@/lib/http/route";
import { discardDraft } from "@/lib/bulk/drafts";
import { getPreview, previewQuerySchema } from "@/lib/bulk/read";

export const GET = apiRoute({}, async ({ connection, request, params }) => {
  const query = previewQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  return getPreview(connection.id, String(params.id), query);
});

export const DELETE = apiRoute({}, async ({ connection, params }) => {
  await discardDraft(connection.id, String(params.id));
  return { ok: true };
});
