import { apiRoute } from "@/lib/http/route";
import { templateDelete, templateRead, templateSave } from "@/lib/contracts/templates";
import { deleteTemplate, getTemplate, updateTemplate } from "@/lib/templates/store";

export const GET = apiRoute({ contract: templateRead }, async ({ connection, params }) => getTemplate(connection.id, String(params.id)));

export const PUT = apiRoute({ contract: templateSave }, async ({ connection, params, body }) =>
  updateTemplate(connection.id, String(params.id), body),
);

export const DELETE = apiRoute({ contract: templateDelete }, async ({ connection, params }) => {
  await deleteTemplate(connection.id, String(params.id));
  return { ok: true };
});
