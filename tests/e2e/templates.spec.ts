// Pending: this journey does not pass yet, so it lives outside tests/e2e (the suite Playwright
// runs). Move it back with `git mv` once it passes (docs/architecture.md, Templates).
// Templates and the To allocate inbox in Chromium, at desktop width and at 390 px: make a
// template, a new gift arrives at the service, Refresh brings it, the inbox proposes the split,
// approving sends it and History shows the submission.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../e2e/fixtures";
import { EMULATOR_URL } from "../e2e/config";
import { connect, emulatorSwitch, resetAppData } from "../e2e/helpers";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

async function expectNoWiderThanViewport(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
}

test.setTimeout(180_000);

for (const width of [1280, 390]) {
  test(`a template proposes the split of a new gift, approved from the inbox (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await connect(page);
    await page.goto("/templates");
    await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "New template" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Appeal split");
    await page.getByLabel("Percent", { exact: true }).fill("30");
    await page.getByLabel("Fund", { exact: true }).first().fill("Food Purchasing");
    await page.getByLabel("Applies to", { exact: true }).selectOption("campaign");
    await page.getByLabel("The campaign's name").fill("Annual Appeal 2026");
    await expectNoSeriousAxeViolations(page);
    await expectNoWiderThanViewport(page);
    await page.getByRole("button", { name: "Save template" }).click();
    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByText("30% Food Purchasing · the rest General")).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // A gift arrives at the service after the first copy; Refresh brings it.
    const created = await page.request.post(`${EMULATOR_URL}/__emulator/organizations/1001/transactions`, {
      data: {
        transaction_id: "e2e-new-1",
        external_id: null,
        amount_in_cents: 12_345,
        transaction_time: new Date().toISOString(),
        contact_name: "Nora Newgift",
      },
    });
    expect(created.status()).toBe(201);
    await page.goto("/transactions");
    await page.getByRole("button", { name: "Refresh from the service" }).click();
    await expect(page.getByText("Nora Newgift").first()).toBeVisible();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "To allocate" }).click();
    await expect(page.getByRole("heading", { name: "To allocate", level: 1 })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "Nora Newgift" });
    await expect(row).toContainText("$37.03 Food Purchasing");
    await expect(row).toContainText("$86.42 General");
    await expect(row).toContainText("Appeal split");
    await expectNoSeriousAxeViolations(page);
    await expectNoWiderThanViewport(page);
    await page.screenshot({ path: `test-results/inbox-${width}.png`, fullPage: true });

    await page.getByRole("button", { name: "Approve all" }).click();
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
    await page.goto("/inbox");
    await expect(page.getByText("Nothing to allocate.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Nora Newgift" })).toContainText("Sent by you");
  });
}
