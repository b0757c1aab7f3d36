// The templates' calls to the server, plain promises: the split editor (no react-query there, to
// keep its first load small) and the templates pages use them alike.
import { fetchContract, saveContract } from "@/lib/api-client";
import type { RequestBody } from "@/lib/contracts/contract";
import type { templateDelete, templateSave, templatesList, templatesPause } from "@/lib/contracts/templates";
import type { transactionRead, transactionsList } from "@/lib/contracts/transactions";

export const fetchTemplates = () => fetchContract<typeof templatesList>("/api/templates");

/** Creates the template, or replaces the one `id` names. */
export const saveTemplate = (id: string | undefined, body: RequestBody<typeof templateSave>) =>
  saveContract<typeof templateSave>("/api/templates", id, body);

export const deleteTemplate = (id: string) =>
  fetchContract<typeof templateDelete>(`/api/templates/${id}`, { method: "DELETE" });

/** A gift by the service's id or its external id (a template copies its split). */
export const fetchGiftWithSplits = (transactionId: string) =>
  fetchContract<typeof transactionRead>(`/api/transactions/${encodeURIComponent(transactionId)}`);

/** Gifts matching `query` (lib/transactions/filters.ts), for a picker. */
export const searchGifts = (query: URLSearchParams) =>
  fetchContract<typeof transactionsList>(`/api/transactions?${query.toString()}`);

/** Turns "Pause automatic sending" on or off. */
export const setTemplatesPaused = (paused: boolean) =>
  fetchContract<typeof templatesPause>("/api/templates/pause", { method: "PUT", body: { paused } });
