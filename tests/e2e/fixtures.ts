// Every end-to-end test runs with a watch for Content-Security-Policy violations on Apportion's
// pages: any one fails the test (audit finding 6), whatever journey it was on. The browser
// reports each as a `securitypolicyviolation` event in the page, and logs the refusal itself.
import { test as base, expect } from "@playwright/test";
import { APP_URL } from "./config";

const MARK = "[csp-violation]";

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript((mark: string) => {
        document.addEventListener("securitypolicyviolation", (e) => {
          console.error(`${mark} ${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.documentURI}`);
        });
      }, MARK);
      context.on("console", (message) => {
        const text = message.text();
        const url = message.page()?.url() ?? message.location().url;
        if (!url.startsWith(APP_URL)) return; // the emulator's pages are not ours to judge
        if (text.startsWith(MARK) || /Content Security Policy/i.test(text)) violations.push(`${url}: ${text}`);
      });
      await use(violations);
      expect(violations, "Content-Security-Policy violations on Apportion's pages").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
