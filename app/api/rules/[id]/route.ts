import { apiRoute } from "@/lib/http/route";
import { savedRuleSchema } from "@/lib/bulk/api-schemas";
import { deleteRule, updateRule } from "@/lib/bulk/rules-store";

export const PUT = apiRoute({ body: savedRuleSchema }, async ({ connection, params, body }) =>
  updateRule(connection.id, String(params.id), body.name, body.rule),
);

export const DELETE = apiRoute({}, async ({ connection, params }) => {
  await deleteRule(connection.id, String(params.id));
  return { ok: true };
});
