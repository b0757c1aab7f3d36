import { apiRoute } from "@/lib/http/route";
import { recipientSchema } from "@/lib/notifications/choices";
import { addRecipient, listRecipients } from "@/lib/notifications/recipients";
import { mailGoesOut } from "@/lib/notifications/transport";

// The organization's notification addresses and their choices (Settings, E-mail notifications).
export const GET = apiRoute({}, async ({ connection }) => ({
  recipients: await listRecipients(connection.id),
  goesOut: mailGoesOut(),
}));

export const POST = apiRoute({ body: recipientSchema }, async ({ connection, body }) => {
  const recipient = await addRecipient(connection.id, body);
  return Response.json(recipient, { status: 201, headers: { "Cache-Control": "no-store" } });
});
