import { apiRoute } from "@/lib/http/route";
import { draftDiscard, draftPreview } from "@/lib/contracts/bulk";
import { discardDraft } from "@/lib/bulk/drafts";
import { getPreview, previewQuerySchema } from "@/lib/bulk/read";

export const GET = apiRoute({ contract: draftPreview }, async ({ connection, request, params }) => {
  const query = previewQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  return getPreview(connection.id, String(params.id), query);
});

export const DELETE = apiRoute({ contract: draftDiscard }, async ({ connection, params }) => {
  await discardDraft(connection.id, String(params.id));
  return { ok: true };
});
