import { answerWith, apiRoute } from "@/lib/http/route";
import { templateSave, templatesList } from "@/lib/contracts/templates";
import { createTemplate, listTemplates } from "@/lib/templates/store";

export const GET = apiRoute({ contract: templatesList }, async ({ connection }) => listTemplates(connection.id));

export const POST = apiRoute({ contract: templateSave }, async ({ connection, body }) =>
  answerWith(templateSave, await createTemplate(connection.id, body), { status: 201 }),
);
