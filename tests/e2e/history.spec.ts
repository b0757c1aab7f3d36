import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editor, expectNoSeriousAxeViolations, openEditor, serviceSplits } from "./editor";
import { connect, emulatorSwitch, resetAppData, RIVERSIDE } from "./helpers";

// The admin is in New York: every time on the history reads in their zone, UTC on hover.
test.use({ timezoneId: "America/New_York" });

/** In the open editor: one more line, split evenly, sent; waits until the service completed it. */
async function addLineSplitEvenlyAndSend(page: Page) {
  const e = editor(page);
  await e.button("Add line").click();
  await e.button("Split evenly").click();
  await e.send();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible({ timeout: 15_000 });
}

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
  await addLineSplitEvenlyAndSend(page);
  // Then Apportion reads the gift back from the service and says what it found.
  await expect(page.getByText("Verified:", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("status").filter({ hasText: "the service holds every split as sent" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^\$100\.00 from / })).toBeVisible();
  // November in New York is Eastern Standard Time.
  await expect(page.getByText(/^Sent .* EST/)).toBeVisible();

  await page.goto("/history");
  const row = page.getByRole("row").filter({ hasText: "$100.00 from" });
  // To the second, with how long ago.
  await expect(row.locator("time")).toHaveText(/, \d{1,2}:\d{2}:\d{2} [AP]M EST$/);
  await expect(row).toContainText(/\((just now|\d+ seconds? ago|1 minute ago)\)/);
  await expect(row.locator("time")).toHaveAttribute("title", / UTC$/);
  await expectNoSeriousAxeViolations(page, "history with filters");

  const status = page.getByRole("navigation", { name: "Status" });
  await status.getByRole("link", { name: "Failed" }).click();
  await expect(page).toHaveURL(/\/history\?status=failed$/);
  await expect(page.getByText("Nothing sent matches these filters.")).toBeVisible();
  await page.getByLabel("Source", { exact: true }).selectOption("editor");
  await expect(page).toHaveURL(/status=failed&source=editor$/);
  await status.getByRole("link", { name: "Verified" }).click();
  await expect(status.getByRole("link", { name: "Verified" })).toHaveAttribute("aria-current", "page");
  await expect(row).toBeVisible();
  await page.getByLabel("Source", { exact: true }).selectOption("csv");
  await expect(page.getByText("Nothing sent matches these filters.")).toBeVisible();
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

test("the gift's history shows each change, and restoring puts the splits back as they were at the service", async ({
  page,
}) => {
  const e = editor(page);
  await connect(page);
  // First change: two halves.
  await openEditor(page, "ext-1001-0001"); // $100.00
  await addLineSplitEvenlyAndSend(page);
  const halves = (await serviceSplits(page, "51001001")).map((s) => [s.id, s.unit_amount_in_cents]);
  expect(halves).toEqual([
    ["ext-1001-0001:1", 5000],
    ["ext-1001-0001:2", 5000],
  ]);
  // Second change: three thirds.
  await page.goto("/transactions/51001001");
  await addLineSplitEvenlyAndSend(page);
  expect(await serviceSplits(page, "51001001")).toHaveLength(3);

  // The gift's history, newest first, with before and after.
  await page.goto("/transactions/51001001");
  const history = page.getByRole("region", { name: "History of this gift" });
  const entries = history.getByRole("listitem").filter({ has: page.getByText("from the split editor") });
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText("$33.34");
  await expect(entries.first()).toContainText("$50.00");
  await expectNoSeriousAxeViolations(page, "gift history");

  // Restore what it held before the latest change: the editor opens with it, through Review.
  await entries.first().getByRole("link", { name: "Restore the allocation before this change" }).click();
  await expect(page.getByText(/is filled in below\. Review it, then send it/)).toBeVisible();
  await expect(e.amount(1)).toHaveValue("50.00");
  await expect(e.amount(2)).toHaveValue("50.00");
  await e.send();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible({ timeout: 15_000 });
  // The service holds the two halves again, under the same ids; the third split is removed.
  expect((await serviceSplits(page, "51001001")).map((s) => [s.id, s.unit_amount_in_cents])).toEqual(halves);
});
