import { apiRoute } from "@/lib/http/route";
import { savedRuleSchema } from "@/lib/bulk/api-schemas";
import { createRule, listRules } from "@/lib/bulk/rules-store";

export const GET = apiRoute({}, async ({ connection }) => listRules(connection.id));

export const POST = apiRoute({ body: savedRuleSchema }, async ({ connection, body }) =>
  Response.json(await createRule(connection.id, body.name, body.rule), { status: 201 }),
);
