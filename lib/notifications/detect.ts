// The "notify" loop of the worker: finds what an admin asked to hear about and writes one mail
// row per recipient and event into the outbox (MailMessage). The events are read from where they
// already live (a connection's stop event, a submission's final status), so no other part of the
// app has to know about mail; a key per recipient and event (unique) makes each mail once, however
// many workers look. Only events since the address was added, and not older than a few days, so
// adding an address does not bring up the past. What a mail says is read when it is sent
// (compose.ts), with the choice at that moment.
import "server-only";
import { sql } from "@/lib/db-sql";
import { getEnv } from "@/lib/env";

/** Events older than this are not mailed at once (a worker that was down for a week). */
const RECENT_DAYS = 3;

/** Mails at once for connections that stopped (needs reconnect, or disabled at the service). */
export async function findReconnectEvents(): Promise<number> {
  // The connection's latest event of the kinds that stop it: one mail per stop, whatever
  // transient refresh failures came before it.
  const rows = await sql<{ id: string }>`
    INSERT INTO "MailMessage" (id, "recipientId", kind, key, "subjectId")
    SELECT gen_random_uuid(), r.id, 'reconnect', 'reconnect:' || e.id, e.id::text
      FROM "MailRecipient" AS r
      JOIN "Connection" AS c ON c.id = r."connectionId"
      CROSS JOIN LATERAL (
        SELECT ev.id, ev."createdAt"
          FROM "ConnectionEvent" AS ev
         WHERE ev."connectionId" = c.id AND ev.type IN ('needs_reconnect', 'refresh_failed', 'disabled')
         ORDER BY ev."createdAt" DESC
         LIMIT 1
      ) AS e
     WHERE r.reconnect = 'immediate'
       AND c.status IN ('needs_reconnect', 'disabled')
       AND e."createdAt" >= r."createdAt"
       AND e."createdAt" > (now() AT TIME ZONE 'UTC') - ${RECENT_DAYS}::int * interval '1 day'
    ON CONFLICT ("recipientId", key) DO NOTHING
    RETURNING id`;
  return rows.length;
}

/**
 * Mails at once for submissions that ended Differs or Could not verify (read-back's verdict, at
 * verifiedAt) or Failed (needs attention, at its last status change). "Check again" or Retry that
 * ends the same way again is a new event (a new moment), so it is mailed again.
 */
export async function findSubmissionEvents(): Promise<number> {
  const rows = await sql<{ id: string }>`
    INSERT INTO "MailMessage" (id, "recipientId", kind, key, "subjectId")
    SELECT gen_random_uuid(), r.id, 'submission',
           'submission:' || s.id || ':' || s.outcome || ':' || to_char(s.at, 'YYYY-MM-DD"T"HH24:MI:SS.MS'),
           s.id::text
      FROM "MailRecipient" AS r
      CROSS JOIN LATERAL (
        SELECT sub.id,
               CASE WHEN sub.status = 'needs_attention' THEN 'failed' ELSE sub.verification::text END AS outcome,
               CASE WHEN sub.status = 'needs_attention' THEN sub."updatedAt" ELSE sub."verifiedAt" END AS at
          FROM "Submission" AS sub
         WHERE sub."connectionId" = r."connectionId"
           AND sub."createdAt" > (now() AT TIME ZONE 'UTC') - ${RECENT_DAYS + 7}::int * interval '1 day'
           AND (sub.status = 'needs_attention' OR sub.verification IN ('differs', 'could_not_verify'))
      ) AS s
     WHERE r.submissions = 'immediate'
       AND s.at IS NOT NULL
       AND s.at >= r."createdAt"
       AND s.at > (now() AT TIME ZONE 'UTC') - ${RECENT_DAYS}::int * interval '1 day'
    ON CONFLICT ("recipientId", key) DO NOTHING
    RETURNING id`;
  return rows.length;
}

/** The UTC day whose digest is due at `now`, or null before the digest hour. */
export function digestDay(now: Date, hour = getEnv().MAIL_DIGEST_HOUR): string | null {
  return now.getUTCHours() >= hour ? now.toISOString().slice(0, 10) : null;
}

/**
 * One digest per recipient per day (the key is the UTC day), for every recipient with a daily
 * choice, from the digest hour on. What it says (the 24 hours before it goes) and whether there
 * is anything to say are decided when it is sent.
 */
export async function scheduleDigests(now: Date = new Date()): Promise<number> {
  const day = digestDay(now);
  if (!day) return 0;
  const rows = await sql<{ id: string }>`
    INSERT INTO "MailMessage" (id, "recipientId", kind, key)
    SELECT gen_random_uuid(), r.id, 'digest', ${`digest:${day}`}
      FROM "MailRecipient" AS r
     WHERE r.reconnect = 'daily' OR r.submissions = 'daily' OR r.inbox = 'daily'
    ON CONFLICT ("recipientId", key) DO NOTHING
    RETURNING id`;
  return rows.length;
}

/** Mails done with are kept this long (what was sent, for the operator), then removed. Longer
 *  than RECENT_DAYS, so a removed row's event is never found again. */
const KEEP_DAYS = 30;

export async function pruneMails(): Promise<number> {
  const rows = await sql<{ id: string }>`
    DELETE FROM "MailMessage"
     WHERE status IN ('sent', 'skipped', 'failed')
       AND "createdAt" < (now() AT TIME ZONE 'UTC') - ${KEEP_DAYS}::int * interval '1 day'
    RETURNING id`;
  return rows.length;
}

/** One turn of the notify loop. */
export async function notifyTurn(now: Date = new Date()): Promise<number> {
  await pruneMails();
  return (await findReconnectEvents()) + (await findSubmissionEvents()) + (await scheduleDigests(now));
}
