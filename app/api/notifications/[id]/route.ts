import { z } from "zod";
import { apiRoute } from "@/lib/http/route";
import { recipientRemove, recipientSave } from "@/lib/contracts/notifications";
import { removeRecipient, updateRecipient } from "@/lib/notifications/recipients";
import { AppError } from "@/lib/app-error";

function recipientId(params: Record<string, unknown>): string {
  const parsed = z.uuid().safeParse(params.id);
  if (!parsed.success) throw new AppError("not_found", "This address is no longer on the list.");
  return parsed.data;
}

export const PUT = apiRoute({ contract: recipientSave }, async ({ connection, body, params }) =>
  updateRecipient(connection.id, recipientId(params), body),
);

export const DELETE = apiRoute({ contract: recipientRemove }, async ({ connection, params }) => {
  await removeRecipient(connection.id, recipientId(params));
  return { ok: true };
});
