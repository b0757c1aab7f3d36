import { apiRoute } from "@/lib/http/route";
import { ruleDelete, ruleSave } from "@/lib/contracts/bulk";
import { deleteRule, updateRule } from "@/lib/bulk/rules-store";

export const PUT = apiRoute({ contract: ruleSave }, async ({ connection, params, body }) =>
  updateRule(connection.id, String(params.id), body.name, body.rule),
);

export const DELETE = apiRoute({ contract: ruleDelete }, async ({ connection, params }) => {
  await deleteRule(connection.id, String(params.id));
  return { ok: true };
});
