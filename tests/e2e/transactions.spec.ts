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
  await expect(page.getByText(/^\d+ gifts/)).toBeVisible();
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
  await expect(page.getByText(/^\d+ gifts? match/)).toBeVisible();

  await page.getByLabel("From", { exact: true }).fill("2027-01-01");
  await expect(page.getByText("Before the From date: nothing can match.")).toBeVisible();
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // The error grows below its field: the row of controls stays in line.
  const from = await page.getByLabel("From", { exact: true }).boundingBox();
  const to = await page.getByLabel("To", { exact: true }).boundingBox();
  expect(Math.abs((from?.y ?? 0) - (to?.y ?? 100))).toBeLessThan(1);

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
  await expect(page.getByText(/^\d+ gifts/)).toBeVisible();
  // A part of an external id: ids are matched whole.
  await page.getByLabel("Search").fill("ext-1001-00");
  await expect(page.getByText("No gifts match these filters.")).toBeVisible();
  await expect(page.getByText(/a gift by its whole id or external id/)).toBeVisible();
  await page.getByLabel("Search").fill("ext-1001-0001");
  await expect(page.getByText("1 gift matches")).toBeVisible();
});

test("a new page is a step Back returns from, the gift's way back keeps the list, and a page that is not there says so", async ({
  page,
  request,
}) => {
  await emulatorSwitch(request, "organizations/1001/generate", { count: 40, seed: 3 });
  await connect(page);
  await expect(page.getByText(/^53 gifts/)).toBeVisible();
  // Refresh always answers, also when the copy was already up to date.
  await page.getByRole("button", { name: "Refresh from the service" }).click();
  // (The worker may hold the run at that moment: then it says the copy was already being updated.)
  await expect(
    page.getByRole("status").filter({ hasText: /^(Up to date: |The copy from the service was already)/ }),
  ).toBeVisible();
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText("Page 1 of 3");

  await pages.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/transactions\?page=2$/);
  await expect(pages).toContainText("Page 2 of 3");
  await page.goBack();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(pages).toContainText("Page 1 of 3");
  await page.goForward();
  await expect(pages).toContainText("Page 2 of 3");

  // From a gift on page 2, "← Gifts" goes back to page 2, not to the start of the list.
  await page
    .getByRole("row")
    .getByRole("link", { name: /^Split the/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: /^Split \$/ })).toBeVisible();
  await page.getByRole("link", { name: "← Gifts" }).click();
  await expect(page).toHaveURL(/\/transactions\?page=2$/);
  await expect(pages).toContainText("Page 2 of 3");

  // An address past the last page says so (the gifts are not missing), and offers the last page.
  await page.goto("/transactions?page=9");
  await expect(page.getByText("Page 9 is past the last page of this list (3).")).toBeVisible();
  await expect(page.getByText("No gifts yet")).toHaveCount(0);
  await page.getByRole("button", { name: "Go to page 3" }).click();
  await expect(pages).toContainText("Page 3 of 3");

  // A page number that is not one shows the first page rather than an error.
  await page.goto("/transactions?page=abc");
  await expect(pages).toContainText("Page 1 of 3");
  await expect(page.getByText("Some fields are invalid.")).toHaveCount(0);

  // A gift id nothing here knows: said plainly, with the way back.
  await page.goto("/transactions/no-such-gift");
  await expect(page.getByRole("heading", { name: "Gift not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "← Gifts" })).toBeVisible();
});

test("a page drawn before the first copy offers its campaigns and funds once the gifts show", async ({
  page,
  request,
}) => {
  // The first copy takes longer than the page waits for it (2.5 s), so the page is drawn knowing
  // no name; and the list's first answer is held until the copy is done, so it never sees the copy
  // running: only the gifts showing can tell the page to learn the names.
  await emulatorSwitch(request, "faults", {
    rules: [{ path_prefix: "/admin/oauth2/api/v1/transactions/query", fault: "latency", latency_ms: 4_000, count: 1 }],
  });
  let held = true;
  await page.route("**/api/transactions?*", async (route) => {
    if (held) {
      held = false;
      await new Promise((resolve) => setTimeout(resolve, 6_000));
    }
    await route.continue();
  });
  await connect(page);
  await expect(page.getByText(/^\d+ gifts/)).toBeVisible({ timeout: 20_000 });
  // "All campaigns" and the names the copy learnt, without a reload.
  await expect(page.getByLabel("Campaign").locator("option")).not.toHaveCount(1);
  await expect(page.getByLabel("Fund", { exact: true }).locator("option", { hasText: "Food Purchasing" })).toHaveCount(
    1,
  );
});
