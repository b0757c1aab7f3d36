// The notification settings' calls to the server, for the recipient form.
import { fetchContract, saveContract } from "@/lib/api-client";
import type { RequestBody } from "@/lib/contracts/contract";
import type { recipientRemove, recipientSave } from "@/lib/contracts/notifications";

/** Adds the recipient, or saves the choices of the one `id` names. */
export const saveRecipient = (id: string | undefined, body: RequestBody<typeof recipientSave>) =>
  saveContract<typeof recipientSave>("/api/notifications", id, body);

export const removeRecipient = (id: string) =>
  fetchContract<typeof recipientRemove>(`/api/notifications/${id}`, { method: "DELETE" });
