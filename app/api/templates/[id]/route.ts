import { apiRoute } from "@/lib/http/route";
import { templateSchema } from "@/lib/templates/schema";
import { deleteTemplate, getTemplate, updateTemplate } from "@/lib/templates/store";

export const GET = apiRoute({}, async ({ connection, params }) => getTemplate(connection.id, String(params.id)));

export const PUT = apiRoute({ body: templateSchema }, async ({ connection, params, body }) =>
  updateTemplate(connection.id, String(params.id), body),
);

export const DELETE = apiRoute({}, async ({ connection, params }) => {
  await deleteTemplate(connection.id, String(params.id));
  return { ok: true };
});
