import { answerWith, apiRoute } from "@/lib/http/route";
import { ruleSave, rulesList } from "@/lib/contracts/bulk";
import { createRule, listRules } from "@/lib/bulk/rules-store";

export const GET = apiRoute({ contract: rulesList }, async ({ connection }) => listRules(connection.id));

export const POST = apiRoute({ contract: ruleSave }, async ({ connection, body }) =>
  answerWith(ruleSave, await createRule(connection.id, body.name, body.rule), { status: 201 }),
);
