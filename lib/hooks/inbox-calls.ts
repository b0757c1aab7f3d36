// The inbox's calls to the server, for its actions (components/templates/use-inbox-actions.ts).
import { fetchContract } from "@/lib/api-client";
import type { RequestBody } from "@/lib/contracts/contract";
import type { inboxApprove, inboxChoose, inboxSelection, inboxSkip } from "@/lib/contracts/inbox";

/** What approving `items` would send, and the new names it would create. */
export const summarizeSelection = (items: RequestBody<typeof inboxSelection>["items"]) =>
  fetchContract<typeof inboxSelection>("/api/inbox/selection", { method: "POST", body: { items } });

export const approveSelection = (body: RequestBody<typeof inboxApprove>) =>
  fetchContract<typeof inboxApprove>("/api/inbox/approve", { method: "POST", body });

export const skipInboxItems = (items: RequestBody<typeof inboxSkip>["items"]) =>
  fetchContract<typeof inboxSkip>("/api/inbox/skip", { method: "POST", body: { items } });

export const chooseInboxTemplate = (itemId: string, templateId: string) =>
  fetchContract<typeof inboxChoose>(`/api/inbox/${itemId}/choose`, { method: "POST", body: { templateId } });
