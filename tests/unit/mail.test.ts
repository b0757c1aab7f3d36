// The pieces of e-mail notifications that need no database: the configuration rules, the one
// schema of an address and its choices, the mail's two parts, and the unsubscribe link's proof.
import { afterEach, describe, expect, it } from "vitest";
import { clearEnvCache, ConfigError, parseEnv } from "@/lib/env";
import { recipientSchema } from "@/lib/notifications/choices";
import { renderMail } from "@/lib/notifications/render";
import { unsubscribeQuery, verifyUnsubscribe } from "@/lib/notifications/unsubscribe-link";

const production = {
  NODE_ENV: "production",
  SERVICE_ENVIRONMENT: "production",
  SERVICE_BASE_URL: "https://app.example.org",
  SERVICE_CLIENT_ID: "client",
  SERVICE_CLIENT_SECRET: "secret",
  NEXTAUTH_URL: "https://apportion.example.org",
  NEXTAUTH_SECRET: "s".repeat(40),
  TOKEN_ENCRYPTION_KEYS: `prod1:${Buffer.alloc(32, 7).toString("base64")}`,
  DATABASE_URL: "postgresql://user@db.example.org/apportion",
};

const message = (source: Record<string, string>) => {
  try {
    parseEnv(source);
    return "";
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
};

afterEach(() => {
  delete process.env.NEXTAUTH_SECRET;
  clearEnvCache();
});

describe("mail configuration", () => {
  it("needs MAIL_FROM with SMTP_URL in production, and an smtp(s) address", () => {
    expect(parseEnv(production).SMTP_URL).toBeUndefined();
    expect(message({ ...production, SMTP_URL: "smtp://mail.example.org:587" })).toContain(
      "MAIL_FROM: is required with SMTP_URL in production",
    );
    const env = parseEnv({
      ...production,
      SMTP_URL: "smtps://u:p@mail.example.org",
      MAIL_FROM: "Apportion <a@example.org>",
    });
    expect(env.MAIL_FROM).toBe("Apportion <a@example.org>");
    expect(message({ ...production, SMTP_URL: "http://mail.example.org" })).toContain(
      "SMTP_URL: must be an smtp:// or smtps:// address",
    );
    expect(parseEnv({ NODE_ENV: "development" }).MAIL_DIGEST_HOUR).toBe(7);
  });
});

describe("an address and its choices", () => {
  it("keeps one address in lower case and refuses what is not one, or an at-once inbox", () => {
    const parsed = recipientSchema.parse({
      email: " Ann@Example.ORG ",
      reconnect: "immediate",
      submissions: "off",
      inbox: "daily",
    });
    expect(parsed.email).toBe("ann@example.org");
    const refused = recipientSchema.safeParse({
      email: "ann, bob@example.org",
      reconnect: "x",
      submissions: "off",
      inbox: "immediate",
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["email", "Enter one e-mail address, like name@example.org."],
      ["reconnect", "Choose at once, daily digest or off."],
      ["inbox", "Choose daily digest or off."],
    ]);
    expect(
      recipientSchema.safeParse({ email: "a\u0000@example.org", reconnect: "off", submissions: "off", inbox: "off" })
        .error?.issues[0]?.message,
    ).toMatch(/NUL character/);
  });
});

describe("a mail's parts", () => {
  it("says the same in text and HTML, with outside text escaped in the HTML", () => {
    const mail = renderMail({
      subject: "Differs <b>",
      intro: ["A change to 1 gift of Tom & <Jerry>."],
      lines: [{ text: "The service does not hold it", href: "https://a.example/history/1?x=1&y=2" }],
      action: { label: "Open it in History", href: "https://a.example/history/1" },
      footer: "Why you get this.",
      unsubscribeHref: "https://a.example/unsubscribe?r=1&k=2",
    });
    expect(mail.text).toBe(
      "A change to 1 gift of Tom & <Jerry>.\n\n- The service does not hold it\n  https://a.example/history/1?x=1&y=2\n\nOpen it in History: https://a.example/history/1\n\n--\n\nWhy you get this.\n\nStop these mails: https://a.example/unsubscribe?r=1&k=2\n",
    );
    expect(mail.html).toContain("<p>A change to 1 gift of Tom &amp; &lt;Jerry&gt;.</p>");
    expect(mail.html).toContain('<a href="https://a.example/history/1?x=1&amp;y=2">The service does not hold it</a>');
    expect(mail.html).toContain("<title>Differs &lt;b&gt;</title>");
  });
});

describe("the unsubscribe link", () => {
  const recipientId = "0b8c6f1e-8c1a-4a53-9d5e-3f2f5a1b7c9d";
  const query = (q: string) => Object.fromEntries(new URLSearchParams(q));

  it("proves one recipient and one kind, and nothing once the secret changes", () => {
    const link = query(unsubscribeQuery({ recipientId, kind: "reconnect" }));
    expect(verifyUnsubscribe(link)).toEqual({ recipientId, kind: "reconnect" });
    expect(verifyUnsubscribe({ ...link, k: "digest" })).toBeNull();
    expect(verifyUnsubscribe({ ...link, r: recipientId.replace("0b8c", "0b8d") })).toBeNull();
    expect(verifyUnsubscribe({ ...link, s: undefined })).toBeNull();
    expect(verifyUnsubscribe({ ...link, k: "everything" })).toBeNull();
    process.env.NEXTAUTH_SECRET = "another-secret-of-at-least-thirty-two-characters";
    clearEnvCache();
    expect(verifyUnsubscribe(link)).toBeNull();
  });
});
