// The daily digest: for each kind a recipient set to "Daily digest", what the day brought. Read
// when the digest is sent; with nothing to say, it is not sent at all (compose.ts).
import "server-only";
import type { MailRecipient } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import type { MailContent, MailLine } from "./render";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Submissions named one by one; more are counted. */
const LISTED = 10;

type Recipient = Pick<MailRecipient, "connectionId" | "reconnect" | "submissions" | "inbox"> & {
  connection: { organizationName: string; status: string; statusReason: string | null };
};

/** The digest for the 24 hours before `at` (when it is sent), or null when it has nothing. */
export async function digestContent(
  recipient: Recipient,
  at: Date,
  base: string,
): Promise<Omit<MailContent, "footer" | "unsubscribeHref"> | null> {
  const since = new Date(at.getTime() - DAY_MS);
  const lines: MailLine[] = [];
  const { connection, connectionId } = recipient;
  if (
    recipient.reconnect === "daily" &&
    (connection.status === "needs_reconnect" || connection.status === "disabled")
  ) {
    lines.push({
      text: `The connection needs reconnecting: the scheduled sync and sending have stopped.${connection.statusReason ? ` ${connection.statusReason}` : ""}`,
      href: `${base}/settings`,
    });
  }
  if (recipient.submissions === "daily") lines.push(...(await submissionLines(connectionId, since, at, base)));
  if (recipient.inbox === "daily") lines.push(...(await inboxLines(connectionId, since, at, base)));
  if (lines.length === 0) return null;
  return {
    subject: `Apportion daily digest for ${connection.organizationName}`,
    intro: [
      `What needs you in ${connection.organizationName}, for the day up to ${at.toISOString().slice(0, 16).replace("T", " ")} UTC:`,
    ],
    lines,
    action: { label: "Open Apportion", href: `${base}/transactions` },
  };
}

const WORDS = { differs: "Differs", could_not_verify: "Could not verify", failed: "Failed" } as const;

async function submissionLines(connectionId: string, since: Date, until: Date, base: string): Promise<MailLine[]> {
  const ended = await db().submission.findMany({
    where: {
      connectionId,
      OR: [
        { status: "needs_attention", updatedAt: { gt: since, lte: until } },
        { verification: { in: ["differs", "could_not_verify"] }, verifiedAt: { gt: since, lte: until } },
      ],
    },
    select: { id: true, status: true, verification: true, transactionCount: true },
    orderBy: { createdAt: "desc" },
  });
  const lines = ended.slice(0, LISTED).map((s) => {
    const outcome = s.status === "needs_attention" ? "failed" : (s.verification as "differs" | "could_not_verify");
    const gifts = `${s.transactionCount.toLocaleString("en-US")} gift${s.transactionCount === 1 ? "" : "s"}`;
    return { text: `${WORDS[outcome]}: a change to ${gifts}`, href: `${base}/history/${s.id}` };
  });
  if (ended.length > LISTED) {
    lines.push({ text: `and ${ended.length - LISTED} more changes that need a look`, href: `${base}/history` });
  }
  return lines;
}

async function inboxLines(connectionId: string, since: Date, until: Date, base: string): Promise<MailLine[]> {
  const [waiting, automatic] = await Promise.all([
    db().inboxItem.count({
      where: {
        connectionId,
        status: { in: ["waiting", "choose"] },
        createdAt: { lte: new Date(until.getTime() - DAY_MS) },
      },
    }),
    db().inboxItem.count({
      where: { connectionId, status: "sent", sentAutomatically: true, decidedAt: { gt: since, lte: until } },
    }),
  ]);
  const lines: MailLine[] = [];
  if (waiting > 0) {
    lines.push({
      text: `${waiting.toLocaleString("en-US")} gift${waiting === 1 ? " has" : "s have"} waited in To allocate for more than a day`,
      href: `${base}/inbox`,
    });
  }
  if (automatic > 0) {
    lines.push({
      text: `${automatic.toLocaleString("en-US")} gift${automatic === 1 ? " was" : "s were"} sent automatically by templates`,
      href: `${base}/history`,
    });
  }
  return lines;
}
