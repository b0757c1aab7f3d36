// A real SMTP server for the tests, on a port of its own: every mail it accepts is parsed with
// mailparser, so a test reads subject, parts and headers as a mail client would. Addresses that
// start with "refuse" are refused with a temporary failure (451), as a struggling server would.
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect, vi } from "vitest";

export type SmtpInbox = {
  url: string;
  mails: ParsedMail[];
  /** Waits until `count` mails arrived (or fails after `ms`). */
  waitFor: (count: number, ms?: number) => Promise<ParsedMail[]>;
  close: () => Promise<void>;
};

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on the loopback: no STARTTLS offer (nodemailer would upgrade to a self-signed
    // certificate) and no login.
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("refuse")) {
        const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (count, ms = 5_000) =>
      vi.waitFor(
        () => {
          expect(mails.length, "mails arrived").toBeGreaterThanOrEqual(count);
          return mails;
        },
        { timeout: ms, interval: 20 },
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
