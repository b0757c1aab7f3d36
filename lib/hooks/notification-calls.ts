// The notification settings' calls to the server, for the recipient form.
import { fetchContract } from "@/lib/api-client";
import type { RequestBody } from "@/lib/contracts/contract";
import type { recipientRemove, recipientSave } from "@/lib/contracts/notifications";

/** Adds the recipient, or saves the choices of the one `id` names. */
export const saveRecipient = (id: string | undefined, body: RequestBody<typeof recipientSave>) =>
  fetchContract<typeof recipientSave>(id ? `/api/notifications/${id}` : "/api/notifications", {
    method: id ? "PUT" : "POST",
    body,
  });

export const removeRecipient = (id: string) =>
  fetchContract<typeof recipientRemove>(`/api/notifications/${id}`, { method: "DELETE" });
