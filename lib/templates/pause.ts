// "Pause automatic sending": one switch per organization. While it is on, the worker sends no
// template's gift by itself: its claim (auto-send.ts) reads the switch in the same statement, and
// the statement that stores the submission locks the organization's row and reads it again
// (sendingGuard), so a pause committed before that moment stops the round, and the gifts stay
// queued until the admin resumes. Who paused it and when are kept and shown on every page.
import "server-only";
import { forgetConnection } from "@/lib/connections/store";
import { execute } from "@/lib/db-sql";

export { type PauseView, pauseOf } from "./pause-view";

/** Who paused: the service names the organization, never the person, so the signed-in admin is
 *  named as the admin of the organization they signed in to. */
export function pausedByOf(connection: { organizationName: string }): string {
  return `the admin signed in to ${connection.organizationName}`;
}

/** Turns the switch on (keeping the first pause's who and when) or off. */
export async function setPaused(connectionId: string, paused: boolean, by: string): Promise<void> {
  if (paused) {
    await execute`
      UPDATE "Connection" SET "autoSendPausedAt" = now() AT TIME ZONE 'UTC', "autoSendPausedBy" = ${by},
                              "updatedAt" = now() AT TIME ZONE 'UTC'
       WHERE id = ${connectionId}::uuid AND "autoSendPausedAt" IS NULL`;
  } else {
    await execute`
      UPDATE "Connection" SET "autoSendPausedAt" = NULL, "autoSendPausedBy" = NULL,
                              "updatedAt" = now() AT TIME ZONE 'UTC'
       WHERE id = ${connectionId}::uuid AND "autoSendPausedAt" IS NOT NULL`;
  }
  // This process's copy of the row; the others hear of it through the row's change notification.
  forgetConnection(connectionId);
}
