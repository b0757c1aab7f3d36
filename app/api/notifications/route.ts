import { answerWith, apiRoute } from "@/lib/http/route";
import { recipientSave, recipientsList } from "@/lib/contracts/notifications";
import { addRecipient, listRecipients } from "@/lib/notifications/recipients";
import { mailGoesOut } from "@/lib/notifications/transport";

// The organization's notification addresses and their choices (Settings, E-mail notifications).
export const GET = apiRoute({ contract: recipientsList }, async ({ connection }) => ({
  recipients: await listRecipients(connection.id),
  goesOut: mailGoesOut(),
}));

export const POST = apiRoute({ contract: recipientSave }, async ({ connection, body }) => {
  const recipient = await addRecipient(connection.id, body);
  return answerWith(recipientSave, recipient, { status: 201, headers: { "Cache-Control": "no-store" } });
});
