import { answerWith, apiRoute } from "@/lib/http/route";
import { draftCreate, draftsList } from "@/lib/contracts/bulk";
import { createCsvDraft, createRuleDraft } from "@/lib/bulk/drafts";
import { listDrafts } from "@/lib/bulk/read";

export const GET = apiRoute({ contract: draftsList }, async ({ connection }) => listDrafts(connection.id));

/** A CSV draft starts empty and receives its parts; a rule draft is checked at once. */
export const POST = apiRoute({ contract: draftCreate }, async ({ connection, body }) => {
  const draft =
    body.source === "csv"
      ? await createCsvDraft(connection.id, body.label, body.columns)
      : await createRuleDraft(connection.id, {
          label: body.label,
          rule: body.rule,
          filters: body.filters,
        });
  return answerWith(draftCreate, { id: draft.id, status: draft.status }, { status: 201 });
});
