// The notification settings' routes (app/api/notifications, /:id) and their calls
// (lib/hooks/notification-calls.ts).
import { recipientSchema, type RecipientView } from "@/lib/notifications/choices";
import type { listRecipients } from "@/lib/notifications/recipients";
import type { mailGoesOut } from "@/lib/notifications/transport";
import { contract } from "./contract";

/** GET /api/notifications: the list, and whether mail goes out at all (SMTP_URL set). */
export const recipientsList = contract<{
  recipients: Awaited<ReturnType<typeof listRecipients>>;
  goesOut: ReturnType<typeof mailGoesOut>;
}>();

/** POST /api/notifications (201) and PUT /api/notifications/:id: the recipient as saved. */
export const recipientSave = contract<RecipientView, typeof recipientSchema>(recipientSchema);

/** DELETE /api/notifications/:id */
export const recipientRemove = contract<{ ok: true }>();
