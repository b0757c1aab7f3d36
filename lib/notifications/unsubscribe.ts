// What an unsubscribe link does once confirmed: the one kind it names goes off (from a digest,
// every choice that fed the digest). Repeating it changes nothing more.
import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import type { UnsubscribeKind } from "./choices";
import type { UnsubscribeRequest } from "./unsubscribe-link";

export type UnsubscribeTarget = { email: string; organizationName: string };

/** Who a verified link speaks for, or null when the address was removed meanwhile. */
export async function unsubscribeTarget(recipientId: string): Promise<UnsubscribeTarget | null> {
  const row = await db().mailRecipient.findUnique({
    where: { id: recipientId },
    select: { email: true, connection: { select: { organizationName: true } } },
  });
  return row ? { email: row.email, organizationName: row.connection.organizationName } : null;
}

/** Turns the kind off; false when the address is no longer on the list. */
export async function unsubscribe({ recipientId, kind }: UnsubscribeRequest): Promise<boolean> {
  const changed =
    kind === "digest"
      ? await turnDailyOff(recipientId)
      : (await db().mailRecipient.updateMany({ where: { id: recipientId }, data: { [kind]: "off" } })).count;
  const exists = changed > 0 || (await db().mailRecipient.count({ where: { id: recipientId } })) > 0;
  if (exists) log.info("mail.unsubscribed", { recipientId, kind });
  return exists;
}

async function turnDailyOff(recipientId: string): Promise<number> {
  const kinds = ["reconnect", "submissions", "inbox"] as const;
  const results = await db().$transaction(
    kinds.map((kind) =>
      db().mailRecipient.updateMany({ where: { id: recipientId, [kind]: "daily" }, data: { [kind]: "off" } }),
    ),
  );
  return results.reduce((sum, r) => sum + r.count, 0);
}

/** The words for what a link stops, for the page. */
export const UNSUBSCRIBE_WORDS: Record<UnsubscribeKind, string> = {
  reconnect: "mails when the connection needs reconnecting",
  submissions: "mails when a change ends Differs, Could not verify or Failed",
  digest: "the daily digest",
};
