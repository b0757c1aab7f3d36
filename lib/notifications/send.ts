// The "mail" loop of the worker: claims due mails from the outbox (FOR UPDATE SKIP LOCKED, so
// any number of workers share it and none sends a mail twice), composes each with the
// recipient's current choice, sends it, and records what happened. A failed send is tried again
// with backoff (MAIL_BACKOFF_MS, doubling, at most an hour) and after MAIL_MAX_ATTEMPTS is marked
// failed and logged; one mail's failure never stops the next, and nothing else waits for mail.
import "server-only";
import { claimedNow, staleBefore } from "@/lib/claims";
import { sql } from "@/lib/db-sql";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { composeMail, type MailToCompose } from "./compose";
import { deliverMail } from "./transport";

/** Mails one turn claims. */
const PER_TURN = 10;
const MAX_BACKOFF_MS = 60 * 60_000;

type Claimed = MailToCompose & { attempts: number };

export async function claimMails(workerId: string, limit = PER_TURN): Promise<Claimed[]> {
  return sql<Claimed>`
    WITH due AS (
      SELECT id FROM "MailMessage"
       WHERE (status = 'pending' AND "nextAttemptAt" <= (now() AT TIME ZONE 'UTC'))
          OR (status = 'sending' AND "claimedAt" < ${staleBefore("mail")})
       ORDER BY "nextAttemptAt"
       LIMIT ${limit}::int
       FOR UPDATE SKIP LOCKED
    )
    UPDATE "MailMessage" AS m
       SET status = 'sending', "claimedAt" = ${claimedNow("mail")}, "claimedBy" = ${workerId},
           attempts = m.attempts + 1
      FROM due
     WHERE m.id = due.id
    RETURNING m.id, m."recipientId", m.kind, m."subjectId", m.attempts`;
}

/** One turn: true when it had mail in hand (the loop goes again at once). */
export async function sendMailTurn(workerId: string): Promise<boolean> {
  const claimed = await claimMails(workerId);
  for (const mail of claimed) await sendOne(mail);
  return claimed.length > 0;
}

async function sendOne(mail: Claimed): Promise<void> {
  try {
    const composed = await composeMail(mail);
    if ("skip" in composed) {
      await finish(mail.id, "skipped", composed.skip);
      log.info("mail.skipped", { mailId: mail.id, kind: mail.kind, why: composed.skip });
      return;
    }
    await deliverMail(composed.mail, mail.id);
    await finish(mail.id, "sent", null);
    log.info("mail.sent", { mailId: mail.id, kind: mail.kind });
  } catch (error) {
    await failed(mail, error instanceof Error ? error.message : String(error));
  }
}

async function finish(id: string, status: "sent" | "skipped", note: string | null): Promise<void> {
  await sql`
    UPDATE "MailMessage"
       SET status = ${status}::"MailStatus", "claimedBy" = NULL, "lastError" = ${note},
           "sentAt" = CASE WHEN ${status} = 'sent' THEN (now() AT TIME ZONE 'UTC') ELSE NULL END
     WHERE id = ${id}::uuid`;
}

async function failed(mail: Claimed, message: string): Promise<void> {
  const env = getEnv();
  const last = mail.attempts >= env.MAIL_MAX_ATTEMPTS;
  const delay = Math.min(MAX_BACKOFF_MS, env.MAIL_BACKOFF_MS * 2 ** (mail.attempts - 1));
  await sql`
    UPDATE "MailMessage"
       SET status = ${last ? "failed" : "pending"}::"MailStatus", "claimedBy" = NULL, "lastError" = ${message},
           "nextAttemptAt" = (now() AT TIME ZONE 'UTC') + ${delay}::int * interval '1 millisecond'
     WHERE id = ${mail.id}::uuid`;
  const fields = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error: message };
  if (last) log.error("mail.failed", fields);
  else log.warn("mail.send_failed", { ...fields, retryInMs: delay });
}

/** Mails claimed by this worker go back in line (shutdown). */
export async function releaseMailClaims(workerId: string): Promise<number> {
  const rows = await sql<{ id: string }>`
    UPDATE "MailMessage" SET status = 'pending', "claimedBy" = NULL, attempts = greatest(attempts - 1, 0)
     WHERE status = 'sending' AND "claimedBy" = ${workerId}
    RETURNING id`;
  return rows.length;
}
