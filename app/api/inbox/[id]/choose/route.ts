import { apiRoute } from "@/lib/http/route";
import { chooseSchema, chooseTemplate } from "@/lib/templates/inbox";

export const POST = apiRoute({ body: chooseSchema }, async ({ connection, params, body }) => {
  await chooseTemplate(connection.id, String(params.id), body.templateId);
  return { ok: true };
});
