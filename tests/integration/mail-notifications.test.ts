// E-mail notifications against a real SMTP server started here (smtp-server, its
// own port): the worker's notify turn finds what an admin asked to hear about, its mail turn sends
// it through SMTP_URL with nodemailer, and the mail is read back with mailparser: subject, text and
// HTML parts, links into the app, the one-click unsubscribe (RFC 8058), and what happens when the
// SMTP server refuses.
import type { ParsedMail } from "mailparser";
import { createServer, type Socket } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as unsubscribeRoute } from "@/app/api/unsubscribe/route";
import { markStopped } from "@/lib/connections/store";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import { recipientSchema, type RecipientInput } from "@/lib/notifications/choices";
import { notifyTurn, scheduleDigests } from "@/lib/notifications/detect";
import { addRecipient } from "@/lib/notifications/recipients";
import { claimMails, sendMailTurn } from "@/lib/notifications/send";
import { closeMailTransport } from "@/lib/notifications/transport";
import { settleLaggingStatuses } from "@/lib/outbox/settle";
import { tick } from "@/lib/outbox/tick";
import { returnPath } from "@/lib/return-path";
import { startWorker } from "@/lib/worker/worker";
import { emulatorSwitch } from "../support/connected-org";
import { startSmtpInbox, type SmtpInbox } from "../support/smtp-inbox";
import { submitEven, verdict, withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();
const APP = "http://localhost:3000";
let smtp: SmtpInbox;

beforeAll(async () => {
  smtp = await startSmtpInbox();
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.mails.length = 0;
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Apportion <notify@apportion.test>";
  process.env.MAIL_MAX_ATTEMPTS = "2";
  process.env.MAIL_BACKOFF_MS = "0";
  clearEnvCache();
});
afterEach(() => {
  for (const name of ["SMTP_URL", "MAIL_FROM", "MAIL_MAX_ATTEMPTS", "MAIL_BACKOFF_MS"]) delete process.env[name];
  clearEnvCache();
  closeMailTransport();
});

const recipient = (input: Partial<RecipientInput> = {}) =>
  addRecipient(
    org.connection.id,
    recipientSchema.parse({
      email: "Finance@Riverside.example",
      reconnect: "immediate",
      submissions: "immediate",
      inbox: "daily",
      ...input,
    }),
  );

/** A submission that read-back finds Differs (the service drops its rows without a word). */
async function differingSubmission(transactionId = "51001001"): Promise<string> {
  await emulatorSwitch(org.emulator, "settings", { not_found: "silent" });
  await db().knownTransaction.update({
    where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId } },
    data: { externalId: `ext-stale-${transactionId}` },
  });
  const id = await submitEven(org.connection, [transactionId], { line: { campaign: "Spring Appeal" } });
  expect((await verdict(id)).verification).toBe("differs");
  return id;
}

/** Today, UTC. */
const today = () => new Date().toISOString().slice(0, 10);
/** Today before the digest hour (07:00 UTC): a turn then schedules no digest unless a test does.
 *  With the clock's own time, every test after 07:00 UTC also found a digest it did not ask for. */
const beforeDigestHour = () => new Date(`${today()}T00:00:00Z`);

/** What the worker's two mail loops do, until nothing is left to send. */
async function workerSends(): Promise<void> {
  await notifyTurn(beforeDigestHour());
  while (await sendMailTurn("test-worker")) {}
}

/** The links of a mail's HTML part. */
const htmlLinks = (mail: ParsedMail) =>
  [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

const oneClick = (url: string) =>
  unsubscribeRoute(
    new NextRequest(url, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );

describe("mail notifications", () => {
  it("a change ending Differs is mailed at once: subject, text and HTML, a link to it, and a one-click unsubscribe that stops the next", async () => {
    const admin = await recipient();
    expect(admin.email).toBe("finance@riverside.example");
    const submissionId = await differingSubmission();

    await workerSends();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe("Differs: the service does not hold a change as sent (Org 1001)");
    expect(mail!.to && "text" in mail!.to ? mail!.to.text : "").toBe("finance@riverside.example");
    expect(mail!.from?.value).toEqual([{ name: "Apportion", address: "notify@apportion.test" }]);
    expect(mail!.text).toContain("A change to 1 gift of Org 1001");
    expect(mail!.text).toContain("The service does not hold the $50.00 line");
    expect(mail!.text).toContain(`Open it in History: ${APP}/history/${submissionId}`);
    expect(mail!.html).toContain("<p>Differs: the service holds something other than what was sent.</p>");
    const links = htmlLinks(mail!);
    expect(links[0]).toBe(`${APP}/history/${submissionId}`);
    // Signed out, the page sends the admin through sign-in and back to this very path.
    expect(returnPath(new URL(links[0]!).pathname)).toBe(`/history/${submissionId}`);
    // No credential of any kind in the mail.
    const raw = `${mail!.text}${String(mail!.html)}`;
    for (const held of ["playground-secret-change-me", "access", "Bearer"]) expect(raw).not.toContain(held);

    // The unsubscribe link of the text and HTML is the confirmation page; the header one POSTs.
    const page = links.at(-1)!;
    expect(page).toMatch(new RegExp(`^${APP}/unsubscribe\\?r=${admin.id}&k=submissions&s=[\\w-]{43}$`));
    expect(mail!.text).toContain(`Stop these mails: ${page}`);
    // The headers as they travel (RFC 8058): the one-click address, and the POST it asks for.
    const header = (key: string) => mail!.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n/g, "");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const post = /^List-Unsubscribe:\s*<([^>\s]+)>$/.exec(header("list-unsubscribe") ?? "")?.[1] ?? "";
    expect(post).toBe(page.replace("/unsubscribe?", "/api/unsubscribe?"));

    // Changed links do nothing: another kind with this signature, or a signature cut short.
    expect((await oneClick(post.replace("k=submissions", "k=reconnect"))).status).toBe(403);
    expect((await oneClick(post.slice(0, -2))).status).toBe(403);
    expect((await db().mailRecipient.findUniqueOrThrow({ where: { id: admin.id } })).submissions).toBe("immediate");

    const answer = await oneClick(post);
    expect(answer.status).toBe(200);
    const after = await db().mailRecipient.findUniqueOrThrow({ where: { id: admin.id } });
    expect([after.submissions, after.reconnect, after.inbox]).toEqual(["off", "immediate", "daily"]);

    // The next change that ends Differs is not mailed.
    await differingSubmission("51001003");
    await workerSends();
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails).toHaveLength(1);
  });

  it("the confirmation page's button comes back to the page, done; a second press changes nothing more", async () => {
    const admin = await recipient({ reconnect: "daily", submissions: "daily" });
    await markStopped(org.connection.id, "needs_reconnect", "The service refused the stored access.");
    await scheduleDigests(new Date(`${today()}T09:00:00Z`));
    await workerSends();
    const [digest] = await smtp.waitFor(1);
    expect(digest!.subject).toBe("Apportion daily digest for Org 1001");
    const page = htmlLinks(digest!).at(-1)!;
    expect(page).toContain("k=digest");
    const viaPage = page.replace("/unsubscribe?", "/api/unsubscribe?") + "&via=page";
    for (let i = 0; i < 2; i++) {
      const answer = await oneClick(viaPage);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`${APP}/unsubscribe?done=digest`);
    }
    const after = await db().mailRecipient.findUniqueOrThrow({ where: { id: admin.id } });
    // Every choice that fed the digest is off; nothing else was touched.
    expect([after.reconnect, after.submissions, after.inbox]).toEqual(["off", "off", "off"]);
  });

  it("a connection that needs reconnecting is mailed once, with a link to Settings; the choice is read again when sending", async () => {
    const admin = await recipient();
    const other = await recipient({ email: "ops@riverside.example" });
    await markStopped(org.connection.id, "needs_reconnect", "The service refused the stored access.");
    await notifyTurn(beforeDigestHour());
    await notifyTurn(beforeDigestHour());
    expect(await db().mailMessage.count({ where: { kind: "reconnect" } })).toBe(2);
    // One admin turns these mails off after the event, before the worker sends: not sent to them.
    await db().mailRecipient.update({ where: { id: other.id }, data: { reconnect: "off" } });
    await workerSends();
    const [mail] = await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails).toHaveLength(1);
    expect(mail!.subject).toBe("Reconnect Org 1001: Apportion has stopped syncing and sending");
    expect(mail!.text).toContain("The service refused the stored access.");
    expect(mail!.text).toContain(`Reconnect in Settings: ${APP}/settings`);
    expect(htmlLinks(mail!)[0]).toBe(`${APP}/settings`);
    const rows = await db().mailMessage.findMany({
      orderBy: { status: "asc" },
      select: { recipientId: true, status: true },
    });
    expect(rows).toEqual(
      expect.arrayContaining([
        { recipientId: admin.id, status: "sent" },
        { recipientId: other.id, status: "skipped" },
      ]),
    );
  });

  it("an address added later hears nothing of what came before it; mails done with are removed after 30 days", async () => {
    await markStopped(org.connection.id, "needs_reconnect", "The service refused the stored access.");
    await new Promise((r) => setTimeout(r, 20));
    const admin = await recipient();
    await notifyTurn(beforeDigestHour());
    expect(await db().mailMessage.count()).toBe(0);

    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    await db().mailMessage.createMany({
      data: [
        { recipientId: admin.id, kind: "digest", key: "digest:old", status: "sent", createdAt: days(31) },
        { recipientId: admin.id, kind: "digest", key: "digest:recent", status: "sent", createdAt: days(29) },
        {
          recipientId: admin.id,
          kind: "digest",
          key: "digest:waiting",
          status: "pending",
          createdAt: days(31),
          nextAttemptAt: days(-1),
        },
      ],
    });
    await notifyTurn(beforeDigestHour());
    expect((await db().mailMessage.findMany({ orderBy: { key: "asc" } })).map((m) => m.key)).toEqual([
      "digest:recent",
      "digest:waiting",
    ]);
  });

  it("a refusing SMTP server: tried again, then marked failed; the other mails of the turn still go out", async () => {
    const refused = await recipient({ email: "refuse@riverside.example" });
    await recipient();
    await markStopped(org.connection.id, "needs_reconnect", "The service refused the stored access.");
    await notifyTurn(beforeDigestHour());
    await sendMailTurn("test-worker");
    await smtp.waitFor(1);
    let failing = await db().mailMessage.findFirstOrThrow({ where: { recipientId: refused.id } });
    expect([failing.status, failing.attempts]).toEqual(["pending", 1]);
    expect(failing.lastError).toContain("451");
    await sendMailTurn("test-worker");
    failing = await db().mailMessage.findFirstOrThrow({ where: { recipientId: refused.id } });
    expect([failing.status, failing.attempts]).toEqual(["failed", 2]);
    expect(await sendMailTurn("test-worker")).toBe(false);
    expect(smtp.mails).toHaveLength(1);
  });

  it("a mail whose worker stopped mid-send goes back in line once its claim is stale (five minutes), not before", async () => {
    const admin = await recipient();
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    await db().mailMessage.createMany({
      data: [
        {
          recipientId: admin.id,
          kind: "digest",
          key: "digest:fresh",
          status: "sending",
          claimedBy: "gone",
          claimedAt: minutesAgo(4),
        },
        {
          recipientId: admin.id,
          kind: "digest",
          key: "digest:stale",
          status: "sending",
          claimedBy: "gone",
          claimedAt: minutesAgo(6),
        },
      ],
    });
    const taken = await claimMails("test-worker");
    expect(taken).toHaveLength(1);
    const rows = await db().mailMessage.findMany({ orderBy: { key: "asc" }, select: { key: true, claimedBy: true } });
    expect(rows).toEqual([
      { key: "digest:fresh", claimedBy: "gone" },
      { key: "digest:stale", claimedBy: "test-worker" },
    ]);
  });

  it("the daily digest: once per day, only with something to say, gifts waiting over a day and what went automatically", async () => {
    const admin = await recipient({ reconnect: "immediate", submissions: "immediate", inbox: "daily" });
    const quiet = await addRecipient(
      org.connection.id,
      recipientSchema.parse({ email: "quiet@riverside.example", reconnect: "daily", submissions: "off", inbox: "off" }),
    );
    const now = new Date();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    await db().inboxItem.createMany({
      data: [
        { connectionId: org.connection.id, transactionId: "51001001", status: "waiting", createdAt: hoursAgo(30) },
        { connectionId: org.connection.id, transactionId: "51001002", status: "waiting", createdAt: hoursAgo(2) },
        {
          connectionId: org.connection.id,
          transactionId: "51001003",
          status: "sent",
          sentAutomatically: true,
          createdAt: hoursAgo(5),
          decidedAt: hoursAgo(4),
        },
      ],
    });
    // Before the digest hour (7 UTC) nothing is due; after it, one per recipient, however often asked.
    const day = now.toISOString().slice(0, 10);
    expect(await scheduleDigests(new Date(`${day}T06:59:00Z`))).toBe(0);
    await db().mailMessage.deleteMany();
    expect(await scheduleDigests(new Date(`${day}T07:00:00Z`))).toBe(2);
    expect(await scheduleDigests(new Date(`${day}T23:59:00Z`))).toBe(0);
    await workerSends();
    const [digest] = await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails).toHaveLength(1);
    expect(digest!.subject).toBe("Apportion daily digest for Org 1001");
    expect(digest!.text).toContain(`- 1 gift has waited in To allocate for more than a day\n  ${APP}/inbox`);
    expect(digest!.text).toContain("- 1 gift was sent automatically by templates");
    expect(htmlLinks(digest!)).toContain(`${APP}/inbox`);
    // The quiet one's connection is fine and it hears of nothing else: no mail at all.
    const statuses = await db().mailMessage.findMany({ select: { recipientId: true, status: true } });
    expect(statuses).toEqual(
      expect.arrayContaining([
        { recipientId: admin.id, status: "sent" },
        { recipientId: quiet.id, status: "skipped" },
      ]),
    );
  });

  it("without SMTP_URL (the quick start) a mail is written to the log, readably, never dropped: here a change that Failed", async () => {
    delete process.env.SMTP_URL;
    clearEnvCache();
    closeMailTransport();
    await recipient();
    // A change whose stored body no longer parses: its batch fails, the change needs attention.
    const submissionId = await submitEven(org.connection, ["51001001"]);
    await db()
      .$executeRaw`UPDATE "SubmissionBatch" SET body = jsonb_set(body, '{data,0,unit_amount_in_cents}', '"50.00"') WHERE "submissionId" = ${submissionId}::uuid`;
    await tick({ submissionId });
    // The worker's follow loop settles a status its batches left behind (lib/outbox/settle.ts).
    await settleLaggingStatuses();
    expect((await db().submission.findUniqueOrThrow({ where: { id: submissionId } })).status).toBe("needs_attention");

    const logged: string[] = [];
    process.env.APPORTION_SILENT_LOGS = "0";
    vi.spyOn(process.stdout, "write").mockImplementation((line: string | Uint8Array) => {
      logged.push(String(line));
      return true;
    });
    try {
      await workerSends();
    } finally {
      vi.restoreAllMocks();
      process.env.APPORTION_SILENT_LOGS = "1";
    }
    const line = logged.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.event === "mail.logged");
    expect(line).toMatchObject({
      to: "finance@riverside.example",
      subject: "Failed: a change could not be sent to the service (Org 1001)",
      note: "SMTP_URL is not set: this mail was written here instead of being sent.",
    });
    // The text, a line per line, as the mail would read.
    expect(line!.lines).toContain(`Open it in History: ${APP}/history/${submissionId}`);
    // Its body never reached the service: not "could not be reached".
    expect(line!.lines).toContain(
      "Failed: the service refused the splits, or Apportion could not send them. Open it to see why and retry.",
    );
    expect(smtp.mails).toHaveLength(0);
    expect((await db().mailMessage.findFirstOrThrow()).status).toBe("sent");
  });

  it("an SMTP server that never answers holds only the mail loop: the worker sends and verifies a change meanwhile", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(silent.address() as { port: number }).port}`;
    clearEnvCache();
    await recipient();
    await db().inboxItem.create({
      data: {
        connectionId: org.connection.id,
        transactionId: "51001002",
        status: "waiting",
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      },
    });
    // Today's: the worker's own turns (the clock's time) schedule the same one, not a second.
    await scheduleDigests(new Date(`${today()}T08:00:00Z`));
    const worker = startWorker({ pollMs: 50, without: ["sync", "templates"] });
    try {
      // The digest is in the mail loop's hands, waiting for a greeting that never comes.
      await expect
        .poll(async () => (await db().mailMessage.findFirstOrThrow()).status, { timeout: 5_000 })
        .toBe("sending");
      const submissionId = await submitEven(org.connection, ["51001001"]);
      await expect
        .poll(async () => (await db().submission.findUniqueOrThrow({ where: { id: submissionId } })).verification, {
          timeout: 8_000,
        })
        .toBe("verified");
      expect((await db().mailMessage.findFirstOrThrow()).status).toBe("sending");
    } finally {
      await worker.stop({ deadlineMs: 100 });
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
