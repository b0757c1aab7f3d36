// How mail leaves: through the SMTP server of SMTP_URL (nodemailer), or, without it (the quick
// start), written to the log in a form a person reads, so a newcomer sees every mail the app
// would send and none is dropped unseen. Timeouts keep a server that stops answering from
// holding the mail loop (the other loops never wait for it anyway).
import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import type { ComposedMail } from "./compose";

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

let cached: { url: string | undefined; transporter: Transporter } | undefined;

function transporter(): Transporter {
  const url = getEnv().SMTP_URL;
  if (cached && cached.url === url) return cached.transporter;
  cached?.transporter.close();
  const made = url
    ? nodemailer.createTransport(url, TIMEOUTS)
    : // Builds the whole message (headers, both parts) without sending it anywhere.
      nodemailer.createTransport({ jsonTransport: true });
  cached = { url, transporter: made };
  return made;
}

/** Whether mail goes out (SMTP_URL) or only to the log. */
export function mailGoesOut(): boolean {
  return getEnv().SMTP_URL !== undefined;
}

/** Sends one mail; throws with a message safe to store and log when it does not go. */
export async function deliverMail(mail: ComposedMail, mailId: string): Promise<void> {
  const env = getEnv();
  try {
    await transporter().sendMail({
      from: env.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: {
        // One click from the mail client turns this kind off (RFC 8058); it POSTs to the link.
        "List-Unsubscribe": `<${mail.unsubscribePost}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
  } catch (error) {
    throw new Error(safeMessage(error));
  }
  if (!env.SMTP_URL) {
    // One line per line of the text: readable in `npm run dev`'s pretty log, and in JSON.
    log.info("mail.logged", {
      mailId,
      note: "SMTP_URL is not set: this mail was written here instead of being sent.",
      from: env.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      lines: mail.text.split("\n"),
    });
  }
}

/** The error's message, with any credential of SMTP_URL taken out (a server may echo the user). */
function safeMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  const url = getEnv().SMTP_URL;
  if (url) {
    const parsed = URL.canParse(url) ? new URL(url) : null;
    for (const part of [parsed?.password, parsed?.username, url]) {
      if (part) message = message.split(decodeURIComponent(part)).join("[redacted]").split(part).join("[redacted]");
    }
  }
  return message.slice(0, 500);
}

/** Closes the SMTP connections (tests, shutdown). */
export function closeMailTransport(): void {
  cached?.transporter.close();
  cached = undefined;
}
