import { expect, test } from "./fixtures";
import { editor, expectNoSeriousAxeViolations, openEditor } from "./editor";
import { connect, emulatorSwitch, resetAppData, RIVERSIDE } from "./helpers";

// The admin is in New York: every time on the history reads in their zone, UTC on hover.
test.use({ timezoneId: "America/New_York" });

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

test("history names each gift, reads in the admin's time zone, filters, and says when it waits for reconnect", async ({
  page,
  request,
}) => {
  const e = editor(page);
  await connect(page);
  await openEditor(page, "ext-1001-0001"); // $100.00
  await e.button("Add line").click();
  await e.button("Split evenly").click();
  await e.send();
  await expect(page.getByText("Complete", { exact: true })).toBeVisible({ timeout: 15_000 });
  // Then Apportion reads the gift back from the service and says what it found.
  await expect(page.getByText("Verified:", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("status").filter({ hasText: "the service holds every split as sent" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^\$100\.00 from / })).toBeVisible();
  // November in New York is Eastern Standard Time.
  await expect(page.getByText(/^Submitted .* EST/)).toBeVisible();

  await page.goto("/history");
  const row = page.getByRole("row").filter({ hasText: "$100.00 from" });
  await expect(row.locator("time")).toHaveText(/, \d{1,2}:\d{2} [AP]M EST$/);
  await expect(row.locator("time")).toHaveAttribute("title", / UTC$/);
  await expectNoSeriousAxeViolations(page, "history with filters");

  await page.getByLabel("Status", { exact: true }).selectOption("needs_attention");
  await expect(page).toHaveURL(/\/history\?status=needs_attention$/);
  await expect(page.getByText("No submission matches these filters.")).toBeVisible();
  await page.getByLabel("Source", { exact: true }).selectOption("editor");
  await expect(page).toHaveURL(/status=needs_attention&source=editor$/);
  await page.getByLabel("Status", { exact: true }).selectOption("complete");
  await expect(row).toBeVisible();
  await page.getByLabel("Source", { exact: true }).selectOption("csv");
  await expect(page.getByText("No submission matches these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Show all" }).click();
  await expect(page).toHaveURL(/\/history$/);

  await row.getByRole("link", { name: /^\$100\.00 from / }).click();
  await expect(page).toHaveURL(/\/transactions\/51001001$/);

  // The service disables the integration: a submission going out waits, and says for what.
  await emulatorSwitch(request, "disconnect", { organization_id: RIVERSIDE.id });
  await page.goto("/transactions");
  await openEditor(page, "ext-1001-0002");
  await e.button("Add line").click();
  await e.button("Split evenly").click();
  await e.send();
  await expect(async () => {
    await page.goto("/history");
    await expect(page.getByRole("row").nth(1).getByText("Waiting for reconnect")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});
