// What a mail says, read when it is sent: the recipient's choice at that moment (off, or moved
// to the digest, means this mail is not sent), and the event as it now stands (a connection
// reconnected meanwhile, or a submission checked again and Verified, has nothing left to say).
// Links go to the app's pages; signed out, the page sends the admin through sign-in and back.
import "server-only";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { failureOf, firstFailedBatch } from "@/lib/submissions/failure";
import { stateSentence } from "@/lib/submissions/submission-state";
import { digestContent } from "./digest";
import { renderMail, type MailContent, type RenderedMail } from "./render";
import { unsubscribePageUrl, unsubscribePostUrl } from "./unsubscribe-link";

export type MailToCompose = {
  id: string;
  recipientId: string;
  kind: "reconnect" | "submission" | "digest";
  subjectId: string | null;
};

export type ComposedMail = RenderedMail & { to: string; unsubscribePost: string };

/** The mail to send now, or null when it is no longer wanted or has nothing to say. */
export async function composeMail(mail: MailToCompose): Promise<{ mail: ComposedMail } | { skip: string }> {
  const recipient = await db().mailRecipient.findUnique({
    where: { id: mail.recipientId },
    include: { connection: { select: { id: true, organizationName: true, status: true, statusReason: true } } },
  });
  if (!recipient) return { skip: "the address was removed" };
  const base = getEnv().NEXTAUTH_URL;
  const org = recipient.connection.organizationName;
  const footer = `You get this because ${recipient.email} is on the notification list of ${org} in Apportion (Settings, E-mail notifications).`;
  let content: Omit<MailContent, "footer" | "unsubscribeHref"> | null;
  let stop: "reconnect" | "submissions" | "digest";
  if (mail.kind === "reconnect") {
    if (recipient.reconnect !== "immediate") return { skip: `the choice is now ${recipient.reconnect}` };
    stop = "reconnect";
    const c = recipient.connection;
    content =
      c.status === "needs_reconnect" || c.status === "disabled" ? reconnectContent(org, c.statusReason, base) : null;
  } else if (mail.kind === "submission") {
    if (recipient.submissions !== "immediate") return { skip: `the choice is now ${recipient.submissions}` };
    stop = "submissions";
    content = mail.subjectId ? await submissionContent(recipient.connectionId, mail.subjectId, org, base) : null;
  } else {
    stop = "digest";
    content = await digestContent(recipient, new Date(), base);
  }
  if (!content) return { skip: "nothing left to say" };
  const request = { recipientId: recipient.id, kind: stop } as const;
  const rendered = renderMail({ ...content, footer, unsubscribeHref: unsubscribePageUrl(request) });
  return { mail: { ...rendered, to: recipient.email, unsubscribePost: unsubscribePostUrl(request) } };
}

export function reconnectContent(
  org: string,
  reason: string | null,
  base: string,
): Omit<MailContent, "footer" | "unsubscribeHref"> {
  return {
    subject: `Reconnect ${org}: Apportion has stopped syncing and sending`,
    intro: [
      `Apportion can no longer reach ${org}'s account at the service.${reason ? ` ${reason}` : ""}`,
      "Until an admin reconnects, the scheduled sync, automatic sending and changes waiting to go out have stopped. Nothing waiting is lost: it goes out once the connection works again.",
    ],
    lines: [],
    action: { label: "Reconnect in Settings", href: `${base}/settings` },
  };
}

const OUTCOME_SUBJECT = {
  differs: "Differs: the service does not hold a change as sent",
  could_not_verify: "Could not verify a change sent to the service",
  failed: "Failed: a change could not be sent to the service",
} as const;

async function submissionContent(
  connectionId: string,
  submissionId: string,
  org: string,
  base: string,
): Promise<Omit<MailContent, "footer" | "unsubscribeHref"> | null> {
  const s = await db().submission.findFirst({
    where: { id: submissionId, connectionId },
    select: {
      id: true,
      status: true,
      verification: true,
      verificationNote: true,
      createdAt: true,
      transactionCount: true,
      reason: true,
      differences: { select: { message: true }, orderBy: { transactionId: "asc" }, take: 6 },
      batches: firstFailedBatch,
    },
  });
  if (!s) return null;
  const outcome =
    s.status === "needs_attention"
      ? "failed"
      : s.verification === "differs" || s.verification === "could_not_verify"
        ? s.verification
        : null;
  if (!outcome) return null;
  const gifts = `${s.transactionCount.toLocaleString("en-US")} gift${s.transactionCount === 1 ? "" : "s"}`;
  const lines = s.differences.slice(0, 5).map((d) => ({ text: d.message }));
  if (s.differences.length > 5) lines.push({ text: "More differences are listed in History." });
  if (outcome === "could_not_verify" && s.verificationNote) lines.push({ text: s.verificationNote });
  return {
    subject: `${OUTCOME_SUBJECT[outcome]} (${org})`,
    intro: [
      `A change to ${gifts} of ${org}, sent ${utcWhen(s.createdAt)}${s.reason ? ` (reason: ${s.reason})` : ""}.`,
      stateSentence(outcome, failureOf(s.batches)),
    ],
    lines,
    action: { label: "Open it in History", href: `${base}/history/${s.id}` },
  };
}

/** A moment as every mail writes it: the mail cannot know the reader's time zone. */
export function utcWhen(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " at ")} UTC`;
}
