import { expect, test } from "./fixtures";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

test("filters changed in quick succession all hold, in the list and the address, and survive a reload", async ({
  page,
}) => {
  await connect(page);
  await expect(page.getByText(/^\d+ transactions/)).toBeVisible();
  const campaign = page.getByLabel("Campaign");
  const chosen = await campaign.locator("option").nth(1).getAttribute("value");
  expect(chosen).toBeTruthy();

  const fund = page.getByLabel("Fund", { exact: true });
  const chosenFund = await fund.locator("option").nth(1).getAttribute("value");
  expect(chosenFund).toBeTruthy();

  // No waiting between changes: each starts from the one before, not from the address.
  await campaign.selectOption(chosen ?? "");
  await fund.selectOption(chosenFund ?? "");
  await page.getByLabel("From", { exact: true }).fill("2026-01-01");
  await page.getByLabel("To", { exact: true }).fill("2026-12-31");
  await page.getByLabel("Allocation").selectOption("unsplit");
  await page.getByLabel("Search").fill("a");

  await expect(page).toHaveURL(/search=a/);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({
    campaignId: chosen,
    fund: chosenFund,
    after: "2026-01-01",
    before: "2026-12-31",
    split: "unsplit",
    search: "a",
  });
  await expect(page.getByLabel("Campaign")).toHaveValue(chosen ?? "");
  await expect(fund).toHaveValue(chosenFund ?? "");
  await expect(page.getByText(/^\d+ transactions? match/)).toBeVisible();

  await page.getByLabel("From", { exact: true }).fill("2027-01-01");
  await expect(page.getByText("Before the From date: nothing can match.")).toBeVisible();
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // The address holds the filters: a reload shows the same list (once the address has caught up).
  await expect(page).toHaveURL(/after=2027-01-01/);
  await page.reload();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2027-01-01");
  await expect(page.getByLabel("Search")).toHaveValue("a");
  await expect(page.getByLabel("Campaign")).toHaveValue(chosen ?? "");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByLabel("Search")).toHaveValue("");
  await expect(page).toHaveURL(/\/transactions$/);
});

test("a search that finds nothing says what search looks at", async ({ page }) => {
  await connect(page);
  await expect(page.getByText(/^\d+ transactions/)).toBeVisible();
  // A part of an external id: ids are matched whole.
  await page.getByLabel("Search").fill("ext-1001-00");
  await expect(page.getByText("No transactions match these filters.")).toBeVisible();
  await expect(page.getByText(/a gift by its whole id or external id/)).toBeVisible();
  await page.getByLabel("Search").fill("ext-1001-0001");
  await expect(page.getByText("1 transaction match")).toBeVisible();
});
