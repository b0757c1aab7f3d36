// The bulk drafts' and saved rules' routes (app/api/bulk/**, app/api/rules/**) and their callers
// (lib/hooks/use-bulk.ts; the CSV upload worker posts its parts itself).
import {
  addItemsSchema,
  createDraftSchema,
  replaceNameSchema,
  savedRuleSchema,
  submitDraftSchema,
} from "@/lib/bulk/api-schemas";
import type { addCsvItems, createCsvDraft } from "@/lib/bulk/drafts";
import type { replaceNewName } from "@/lib/bulk/new-names";
import type { DraftPreview, listDrafts } from "@/lib/bulk/read";
import type { SavedRuleView } from "@/lib/bulk/rules-store";
import type { submitDraft } from "@/lib/bulk/submit";
import { contract } from "./contract";

type Done = { ok: true };

/** GET /api/bulk */
export const draftsList = contract<Awaited<ReturnType<typeof listDrafts>>>();

/** POST /api/bulk: a CSV draft (empty, then its parts) or a rule draft (checked at once); 201. */
export const draftCreate = contract<Pick<Awaited<ReturnType<typeof createCsvDraft>>, "id" | "status">, typeof createDraftSchema>(
  createDraftSchema,
);

/** GET /api/bulk/:id?show&page (lib/bulk/read.ts's previewQuerySchema) */
export const draftPreview = contract<DraftPreview>();

/** DELETE /api/bulk/:id */
export const draftDiscard = contract<Done>();

/** POST /api/bulk/:id/items: one part of an upload. */
export const draftItems = contract<Awaited<ReturnType<typeof addCsvItems>>, typeof addItemsSchema>(addItemsSchema);

/** POST /api/bulk/:id/ready: every part is in. */
export const draftReady = contract<Done>();

/** POST /api/bulk/:id/submit: 201 when stored now, 200 when the key was seen before. */
export const draftSubmit = contract<Awaited<ReturnType<typeof submitDraft>>, typeof submitDraftSchema>(submitDraftSchema);

/** POST /api/bulk/:id/names: how many lines now use the known name. */
export const draftReplaceName = contract<{ changed: Awaited<ReturnType<typeof replaceNewName>> }, typeof replaceNameSchema>(
  replaceNameSchema,
);

/** GET /api/rules */
export const rulesList = contract<SavedRuleView[]>();

/** POST /api/rules (201) and PUT /api/rules/:id: the rule as saved. */
export const ruleSave = contract<SavedRuleView, typeof savedRuleSchema>(savedRuleSchema);

/** DELETE /api/rules/:id */
export const ruleDelete = contract<Done>();
