import { apiRoute } from "@/lib/http/route";
import { templateSchema } from "@/lib/templates/schema";
import { createTemplate, listTemplates } from "@/lib/templates/store";

export const GET = apiRoute({}, async ({ connection }) => listTemplates(connection.id));

export const POST = apiRoute({ body: templateSchema }, async ({ connection, body }) =>
  Response.json(await createTemplate(connection.id, body), { status: 201 }),
);
