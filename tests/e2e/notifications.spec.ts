// Settings, E-mail notifications, in Chromium at desktop width and at 390 px: a mailed link opens
// its page through sign-in; an address is refused, then added with the keyboard alone and its
// choices kept; the unsubscribe link of a mail asks first (a GET changes nothing), then turns its
// one kind off without signing in. The e2e server has no SMTP_URL: its mails go to its log, which
// the settings section says. The mail itself is tested against a real SMTP server in
// tests/integration/mail-notifications.test.ts.
import { createHmac, hkdfSync } from "node:crypto";
import type { Page } from "@playwright/test";
import { AUTH_SECRET } from "./config";
import { expectNoSeriousAxeViolations } from "./editor";
import { answerConsent, emulatorSwitch, resetAppData } from "./helpers";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

/** The unsubscribe page's address as a mail carries it: the key derived from NEXTAUTH_SECRET for
 *  this one purpose (HKDF, as docs/architecture.md describes), an HMAC over recipient and kind. */
function unsubscribeLink(recipientId: string, kind: string): string {
  const key = Buffer.from(hkdfSync("sha256", AUTH_SECRET, "apportion", "apportion mail unsubscribe v1", 32));
  const signature = createHmac("sha256", key).update(`${recipientId}\n${kind}`).digest("base64url");
  return `/unsubscribe?${new URLSearchParams({ r: recipientId, k: kind, s: signature })}`;
}

async function expectNoWiderThanViewport(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
}

test.setTimeout(180_000);

for (const width of [1280, 390]) {
  test(`e-mail notifications: add an address with the keyboard, keep its choices, unsubscribe without signing in (${width} px)`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // A reconnect mail's link, followed signed out: sign-in, then the very page.
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/\?signed_out=1&next=%2Fsettings$/);
    await page.getByRole("button", { name: "Connect" }).click();
    await answerConsent(page, "Allow");
    await expect(page).toHaveURL(/\/settings$/);

    const section = page.getByRole("region", { name: "E-mail notifications" });
    await expect(section.getByText("No mail server is set (SMTP_URL)")).toBeVisible();
    await expect(section.getByText("No address yet")).toBeVisible();
    const add = section.getByRole("form", { name: "Add an address" });

    // The keyboard path: type, submit with Enter, be told why, correct, choose with the arrows.
    const email = add.getByLabel("E-mail address");
    await email.focus();
    await page.keyboard.type("finance at riverside");
    await page.keyboard.press("Enter");
    await expect(add.getByText("Enter one e-mail address, like name@example.org.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await email.fill("");
    await page.keyboard.type("Finance@Riverside.example");
    await page.keyboard.press("Tab");
    const reconnect = add.getByRole("group", { name: "The connection needs reconnecting" });
    await expect(reconnect.getByRole("radio", { name: "At once" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(reconnect.getByRole("radio", { name: "Daily digest" })).toBeChecked();
    await page.keyboard.press("Tab");
    const inbox = add.getByRole("group", { name: /^To allocate/ });
    await expect(
      add.getByRole("group", { name: /^A change ends Differs/ }).getByRole("radio", { name: "At once" }),
    ).toBeFocused();
    await expect(inbox.getByRole("radio")).toHaveCount(2);
    await page.keyboard.press("Tab");
    await expect(inbox.getByRole("radio", { name: "Daily digest" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(add.getByRole("button", { name: "Add address" })).toBeFocused();
    await page.keyboard.press("Enter");

    const saved = section.getByRole("form", { name: "Notifications for finance@riverside.example" });
    await expect(saved).toBeVisible();
    await expect(add.getByLabel("E-mail address")).toHaveValue("");
    await expectNoSeriousAxeViolations(page, "settings, notifications");
    await expectNoWiderThanViewport(page);

    // Kept: after a reload the address and its choices are as saved.
    await page.reload();
    await expect(
      saved
        .getByRole("group", { name: "The connection needs reconnecting" })
        .getByRole("radio", { name: "Daily digest" }),
    ).toBeChecked();
    await expect(
      saved.getByRole("group", { name: /^A change ends Differs/ }).getByRole("radio", { name: "At once" }),
    ).toBeChecked();
    const recipientId = await page.evaluate(async () => {
      const answer = (await (await fetch("/api/notifications")).json()) as { recipients: { id: string }[] };
      return answer.recipients[0]!.id;
    });

    // A mail's unsubscribe link, opened in a browser that is not signed in: it asks first.
    const elsewhere = await browser.newContext({ viewport: { width, height: 900 } });
    const stranger = await elsewhere.newPage();
    await stranger.goto(unsubscribeLink(recipientId, "submissions"));
    await expect(stranger.getByRole("heading", { name: "Stop e-mails?", level: 1 })).toBeVisible();
    await expect(stranger.getByText("finance@riverside.example")).toBeVisible();
    await expectNoSeriousAxeViolations(stranger, "unsubscribe");
    await expectNoWiderThanViewport(stranger);
    // Opening it changed nothing.
    await page.reload();
    await expect(
      saved.getByRole("group", { name: /^A change ends Differs/ }).getByRole("radio", { name: "At once" }),
    ).toBeChecked();
    await stranger.getByRole("button", { name: "Stop these mails" }).click();
    await expect(stranger).toHaveURL(/\/unsubscribe\?done=submissions$/);
    await expect(stranger.getByText("You will no longer get mails when a change ends Differs")).toBeVisible();
    await expectNoSeriousAxeViolations(stranger, "unsubscribed");
    // A link changed by hand does nothing.
    await stranger.goto(unsubscribeLink(recipientId, "submissions").replace("k=submissions", "k=reconnect"));
    await expect(stranger.getByRole("heading", { name: "This link does not work", level: 1 })).toBeVisible();
    await elsewhere.close();

    await page.reload();
    await expect(
      saved.getByRole("group", { name: /^A change ends Differs/ }).getByRole("radio", { name: "Off" }),
    ).toBeChecked();
    await expect(
      saved
        .getByRole("group", { name: "The connection needs reconnecting" })
        .getByRole("radio", { name: "Daily digest" }),
    ).toBeChecked();

    // Remove it: the list is empty again.
    await saved.getByRole("button", { name: "Remove finance@riverside.example" }).click();
    await expect(section.getByText("No address yet")).toBeVisible();
  });
}
