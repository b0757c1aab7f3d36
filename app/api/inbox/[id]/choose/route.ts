import { apiRoute } from "@/lib/http/route";
import { inboxChoose } from "@/lib/contracts/inbox";
import { chooseTemplate } from "@/lib/templates/inbox";

export const POST = apiRoute({ contract: inboxChoose }, async ({ connection, params, body }) => {
  await chooseTemplate(connection.id, String(params.id), body.templateId);
  return { ok: true };
});
