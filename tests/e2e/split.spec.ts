import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { EMULATOR_URL } from "./config";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

/** Opens the editor of the transaction whose row mentions `text` (an id or external id). */
async function openEditor(page: Page, text: string) {
  await page
    .getByRole("row")
    .filter({ hasText: text })
    .getByRole("link", { name: /^Split/ })
    .click();
  await expect(page.getByRole("heading", { name: /^Split \$/ })).toBeVisible();
}

const amount = (page: Page, n: number) => page.getByLabel(`Amount, split ${n}`, { exact: true });
const field = (page: Page, name: string, n: number) => page.getByLabel(`${name}, split ${n}`, { exact: true });
const sum = (page: Page) => page.getByTestId("sum-indicator");
const submit = (page: Page) => page.getByRole("button", { name: "Submit to the service" });

async function serviceSplits(page: Page, transactionId: string) {
  const answer = await page.request.get(`${EMULATOR_URL}/__emulator/organizations/1001/splits`);
  const { splits } = (await answer.json()) as {
    splits: {
      id: string;
      transaction_id: string;
      unit_amount_in_cents: number;
      campaign: string;
      parent_campaign: string | null;
      fund: string;
      deleted_at: string | null;
    }[];
  };
  return splits.filter((s) => s.transaction_id === transactionId && !s.deleted_at);
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

test("split a gift three ways with a campaign hierarchy, submit it, and see it complete", async ({ page }) => {
  await connect(page);
  await expectNoSeriousAxeViolations(page);
  await openEditor(page, "ext-1001-0001");
  await expect(sum(page)).toContainText("$100.00 allocated of $100.00");

  await page.getByRole("button", { name: "Add split" }).click();
  await page.getByRole("button", { name: "Add split" }).click();
  await page.getByRole("button", { name: "Split evenly" }).click();
  await expect(amount(page, 1)).toHaveValue("33.34");
  await expect(amount(page, 2)).toHaveValue("33.33");
  await expect(amount(page, 3)).toHaveValue("33.33");

  await field(page, "Campaign", 1).fill("Spring Appeal 2026");
  await field(page, "Parent campaign", 1).fill("Annual Fund");
  await field(page, "Campaign", 2).fill("Weekend Backpacks");
  await field(page, "Fund", 3).fill("Food Pantry");
  await expect(sum(page)).toContainText("Fully allocated");

  await page.getByText("Preview the import the service will receive").click();
  const preview = page.locator(".preview code");
  await expect(preview).toContainText('"transaction": "id"');
  await expect(preview).toContainText('"parent_campaign": "Annual Fund"');
  await expect(preview).toContainText('"id": "ext-1001-0001:1"');
  await expectNoSeriousAxeViolations(page);

  await submit(page).click();
  await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Complete", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("cell", { name: "Imported" })).toHaveCount(3);
  await expectNoSeriousAxeViolations(page);

  const splits = await serviceSplits(page, "51001001");
  // Renaming a split's campaign or fund files it under the new name, not the old id.
  expect(splits.map((s) => [s.id, s.unit_amount_in_cents, s.campaign, s.fund])).toEqual([
    ["ext-1001-0001:1", 3334, "Spring Appeal 2026", "General"],
    ["ext-1001-0001:2", 3333, "Weekend Backpacks", "General"],
    // A blank campaign is the partner's name at the service (spec §2.3).
    ["ext-1001-0001:3", 3333, "Apportion", "Food Pantry"],
  ]);
  expect(splits[0]?.parent_campaign).toBe("Annual Fund");

  // The list now shows the allocation as the app knows it.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transactions" }).click();
  const row = page.getByRole("row").filter({ hasText: "ext-1001-0001" });
  await expect(row.getByRole("listitem")).toHaveCount(3);
  await expect(row).toContainText("$33.34 → Spring Appeal 2026 / General");
});

test("a transaction with no external id goes through match_by transaction_id", async ({ page }) => {
  await connect(page);
  await openEditor(page, "id 51001003");
  await expect(page.getByText("matched by its transaction id 51001003")).toBeVisible();
  await page.getByRole("button", { name: "Add split" }).click();
  await page.getByRole("button", { name: "Split evenly" }).click();
  await page.getByText("Preview the import the service will receive").click();
  await expect(page.locator(".preview code")).toContainText('"transaction": "transaction_id"');
  await expect(page.locator(".preview code")).toContainText('"transaction_id": "51001003"');

  await submit(page).click();
  await expect(page.getByText("Complete", { exact: true })).toBeVisible({ timeout: 15_000 });
  expect((await serviceSplits(page, "51001003")).map((s) => s.id)).toEqual(["51001003:1", "51001003:2"]);
});

test("an overlapping id shows the dropped-row notification", async ({ page, request }) => {
  await connect(page);
  // Another integration creates a transaction whose external id is the split id Apportion will use.
  const created = await request.post(`${EMULATOR_URL}/__emulator/organizations/1001/transactions`, {
    data: {
      transaction_id: "59990001",
      external_id: "ext-1001-0002:1",
      amount_in_cents: 500,
      transaction_time: "2026-02-01T00:00:00Z",
      contact_name: "New Donor",
    },
  });
  expect(created.status()).toBe(201);

  await openEditor(page, "ext-1001-0002");
  await page.getByRole("button", { name: "Add split" }).click();
  await page.getByRole("button", { name: "Split evenly" }).click();
  await submit(page).click();

  await expect(page.getByText("Complete, some rows dropped")).toBeVisible({ timeout: 15_000 });
  const dropped = page.getByRole("row").filter({ hasText: "ext-1001-0002:1" });
  await expect(dropped).toContainText("Dropped");
  await expect(dropped).toContainText("already the id of a transaction at the service");
  await expect(page.getByRole("row").filter({ hasText: "ext-1001-0002:2" })).toContainText(
    "did not add up to its total",
  );
});

test("a sum that is off blocks Submit with the message; percent entry and the remainder fix it", async ({ page }) => {
  await connect(page);
  await openEditor(page, "ext-1001-0001");
  await page.getByRole("button", { name: "Add split" }).click();
  await amount(page, 1).fill("60");
  await amount(page, 2).fill("30");
  await expect(submit(page)).toBeDisabled();
  await expect(page.locator("#submit-help")).toContainText("$10.00 short of the $100.00 total");
  await expect(sum(page)).toContainText("$10.00 remaining");

  await amount(page, 1).fill("80");
  await expect(page.locator("#submit-help")).toContainText("$10.00 over the $100.00 total");
  await expect(submit(page)).toBeDisabled();

  // Bad input gets a clear message inline.
  await amount(page, 2).fill("1,234.5");
  await amount(page, 2).blur();
  await expect(page.getByText("Leave out the comma")).toBeVisible();
  await amount(page, 2).fill("1e3");
  await expect(page.getByText("Write the amount in plain digits")).toBeVisible();

  await amount(page, 2).fill("25%");
  await amount(page, 2).press("Tab");
  await expect(amount(page, 2)).toHaveValue("25.00");
  await page.getByRole("button", { name: "Put the remainder here (split 1)" }).click();
  await expect(amount(page, 1)).toHaveValue("75.00");
  await expect(sum(page)).toContainText("Fully allocated");
  await expect(submit(page)).toBeEnabled();
});

test("the editor works from the keyboard and keeps what was typed when sending fails", async ({ page }) => {
  await connect(page);
  await openEditor(page, "ext-1001-0005");
  await page.getByRole("button", { name: "Add split" }).focus();
  await page.keyboard.press("Enter");
  // Focus moves to the new split's amount; finish it with keys only.
  await expect(amount(page, 2)).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("40%");
  await page.keyboard.press("Enter");
  await expect(amount(page, 2)).toHaveValue("400.00");
  await amount(page, 1).focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("600");
  await page.keyboard.press("Tab");
  await expect(sum(page)).toContainText("Fully allocated");

  // The network drops the first attempt: the error is shown, nothing typed is lost.
  let dropped = false;
  await page.route("**/api/submissions", async (route) => {
    if (!dropped) {
      dropped = true;
      return route.abort("connectionreset");
    }
    return route.continue();
  });
  await submit(page).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Apportion could not be reached")).toBeVisible();
  await expect(amount(page, 1)).toHaveValue("600");
  await expect(amount(page, 2)).toHaveValue("400.00");

  await submit(page).click();
  await expect(page.getByText("Complete", { exact: true })).toBeVisible({ timeout: 15_000 });
});

test("re-allocating soft-deletes a removed split and keeps the others", async ({ page }) => {
  await connect(page);
  await openEditor(page, "ext-1001-0002"); // $25.00
  await page.getByRole("button", { name: "Add split" }).click();
  await page.getByRole("button", { name: "Split evenly" }).click();
  await submit(page).click();
  await expect(page.getByText("Complete", { exact: true })).toBeVisible({ timeout: 15_000 });

  // Open it again: the existing splits are loaded; remove the second and give its share to the first.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transactions" }).click();
  await openEditor(page, "ext-1001-0002");
  await expect(page.getByTestId("split-row-1")).toContainText("existing");
  await page.getByRole("button", { name: "Remove (soft-delete) split 2" }).click();
  await expect(page.getByRole("region", { name: "Splits to remove" })).toContainText("ext-1001-0002:2");
  await page.getByRole("button", { name: "Put the remainder here (split 1)" }).click();
  await expect(amount(page, 1)).toHaveValue("25.00");
  await page.getByText("Preview the import the service will receive").click();
  await expect(page.locator(".preview code")).toContainText('"deleted_at":');

  await submit(page).click();
  await expect(page.getByText("Complete", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("row").filter({ hasText: "ext-1001-0002:2" })).toContainText("removed");

  const active = await serviceSplits(page, "51001002");
  expect(active.map((s) => [s.id, s.unit_amount_in_cents])).toEqual([["ext-1001-0002:1", 2500]]);
});

test("a batch the service keeps refusing needs attention, and Retry sends it once the service is back", async ({
  page,
  request,
}) => {
  await connect(page);
  await emulatorSwitch(request, "faults", {
    fail: { status: 500, count: 1000, path_prefix: "/admin/oauth2/api/v1/imports" },
  });
  await openEditor(page, "ext-1001-0004"); // $5.00
  await page.getByRole("button", { name: "Add split" }).click();
  await page.getByRole("button", { name: "Split evenly" }).click();
  await submit(page).click();

  await expect(page.getByText("Needs attention")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("alert").filter({ hasText: "gave up after 3 attempts" })).toBeVisible();
  await request.delete(`${EMULATOR_URL}/__emulator/faults`);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText("Complete", { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(await serviceSplits(page, "51001004")).toHaveLength(2);
});
