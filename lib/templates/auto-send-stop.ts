// What stops a gift queued to be sent by itself ("stop means stop"): its template
// deleted, its "Send automatically" turned off, or the organization's automatic sending paused.
// The worker reads all three where it claims a round (auto-send.ts) and again in the statement
// that stores the round's submission (sendingGuard, lib/submissions/store.ts): there the
// organization's row and the templates' rows are locked FOR SHARE, so an admin's change committed
// first is seen (PostgreSQL re-reads a locked row at its latest version) and one made meanwhile
// waits until the submission is stored: it then stops every later round.
import "server-only";
import { execute, fragment } from "@/lib/db-sql";
import type { StoreGuard } from "@/lib/submissions/store";

/** True in the storing statement when the organization is not paused and every template of the
 *  round still sends by itself; the rows read are locked until the statement ends. */
export function sendingGuard(connectionId: string, templateIds: readonly (string | null)[]): StoreGuard {
  // An item whose template was deleted while it was held has none: nothing of the round is sent.
  if (templateIds.some((id) => id === null)) return fragment`false`;
  const ids = [...new Set(templateIds)];
  return fragment`
    (SELECT count(*) FROM (SELECT 1 FROM "Connection" AS k
                            WHERE k.id = ${connectionId}::uuid AND k."autoSendPausedAt" IS NULL FOR SHARE) AS k) = 1
    AND (SELECT count(*) FROM (SELECT 1 FROM "AllocationTemplate" AS t
                                WHERE t.id = ANY(${ids}::uuid[]) AND t."connectionId" = ${connectionId}::uuid
                                  AND t."autoSend" FOR SHARE) AS t) = ${ids.length}::int`;
}

/**
 * Items a stop caught in hand, given back: those whose template is gone or no longer sends by
 * itself go to the admin (waiting, with why); the others (the organization is paused) are queued
 * again, sent when the admin resumes.
 */
export async function holdBack(itemIds: readonly string[]): Promise<void> {
  await execute`
    UPDATE "InboxItem" AS i
       SET "sendKey" = NULL, "decidedAt" = NULL,
           status = CASE WHEN ok.yes THEN 'automatic'::"InboxStatus" ELSE 'waiting'::"InboxStatus" END,
           note = CASE WHEN ok.yes THEN i.note
                       ELSE 'Its template was deleted or stopped sending by itself before it was sent: approve it yourself if it is right.' END
      FROM (SELECT c.id, EXISTS (SELECT 1 FROM "AllocationTemplate" AS t
                                  WHERE t.id = c."templateId" AND t."autoSend") AS yes
              FROM "InboxItem" AS c WHERE c.id = ANY(${[...itemIds]}::uuid[])) AS ok
     WHERE i.id = ok.id AND i.status = 'sending'`;
}

/** How often, at most, a worker looks for queued items whose template stopped sending by itself. */
const SWEEP_EVERY_MS = 60_000;
let nextSweep = 0;

/**
 * Queued items no claim will take: their template was deleted or turned off while a sync was
 * proposing them (store.ts gives back the ones queued before). Handed to the admin rather than
 * left "to be sent automatically" for ever. Now and then, not every idle turn: it reads every
 * organization's queue.
 */
export async function sweepStopped(now = Date.now()): Promise<number> {
  if (now < nextSweep) return 0;
  nextSweep = now + SWEEP_EVERY_MS;
  return execute`
    UPDATE "InboxItem" AS i SET status = 'waiting',
           note = 'Its template was deleted or stopped sending by itself before it was sent: approve it yourself if it is right.'
     WHERE i.status = 'automatic'
       AND NOT EXISTS (SELECT 1 FROM "AllocationTemplate" AS t WHERE t.id = i."templateId" AND t."autoSend")`;
}
