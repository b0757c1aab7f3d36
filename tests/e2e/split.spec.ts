import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { EMULATOR_URL } from "./config";
import { editor, expectNoSeriousAxeViolations, openEditor, serviceSplits } from "./editor";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

test("split a gift three ways: new lines keep its campaign, pickers choose names, the review shows the change", async ({
  page,
}) => {
  const e = editor(page);
  await connect(page);
  await expectNoSeriousAxeViolations(page, "transactions");
  await openEditor(page, "ext-1001-0001"); // $100.00, Annual Appeal 2026 / General
  await expect(e.status()).toContainText("Nothing to send: this is what the service holds now.");
  await expect(e.review()).toBeDisabled();

  await e.button("Add line").click();
  await e.button("Add line").click();
  // A new line keeps the money where it was: the gift's own campaign and fund.
  await expect(e.campaign(3)).toHaveValue("Annual Appeal 2026");
  await expect(e.fund(3)).toHaveValue("General");
  await e.button("Split evenly").click();
  await expect(e.amount(1)).toHaveValue("33.34");
  await expect(e.amount(2)).toHaveValue("33.33");
  await expect(e.share(3)).toHaveValue("33.33");

  await e.choose("campaign", 1, "holi", "Holiday Meals");
  await e.choose("campaign", 2, "Spring Appeal 2026", "Create new campaign “Spring Appeal 2026”");
  await e.choose("parent", 2, "Annual", "Annual Appeal 2026");
  await e.fund(3).click();
  await expect(page.getByRole("listbox")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "editor with an open picker");
  await e.fund(3).fill("Food");
  await page.getByRole("option", { name: "Food Purchasing" }).click();
  await expect(e.remaining()).toHaveText("Fully allocated");
  await expect(e.status()).toContainText("Ready: 3 lines");
  await expectNoSeriousAxeViolations(page, "editor");

  await e.review().click();
  const dialog = e.dialog();
  await expect(dialog).toBeVisible();
  const change = (name: RegExp) => dialog.getByRole("row", { name });
  await expect(change(/Annual Appeal 2026 \/ General/)).toContainText("$100.00$0.00−$100.00");
  await expect(change(/Holiday Meals \/ General/)).toContainText("$0.00$33.34+$33.34");
  await expect(change(/Spring Appeal 2026 \/ General/)).toContainText("(in Annual Appeal 2026)$0.00$33.33+$33.33");
  await expect(change(/Annual Appeal 2026 \/ Food Purchasing/)).toContainText("+$33.33");
  await expect(dialog).toContainText("Your reference for this gift: ext-1001-0001");
  await expectNoSeriousAxeViolations(page, "review dialog");
  await dialog.getByText("Show exactly what is sent to the service").click();
  const json = dialog.getByLabel("Import JSON");
  await expect(json).toContainText('"transaction": "id"');
  await expect(json).toContainText('"parent_campaign": "Annual Appeal 2026"');
  await expect(json).toContainText('"id": "ext-1001-0001:1"');
  // The new campaign waits for its own tick in the review before Send.
  await expect(dialog.getByRole("button", { name: "Send to the service" })).toBeDisabled();
  await dialog.getByRole("checkbox", { name: "Create campaign “Spring Appeal 2026” at the service" }).check();
  await dialog.getByRole("button", { name: "Send to the service" }).click();

  await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Verified", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("cell", { name: "Sent, checked" })).toHaveCount(3);
  await expectNoSeriousAxeViolations(page, "history");

  const splits = await serviceSplits(page, "51001001");
  // Nothing went to the service's default campaign: every line named where its money goes.
  expect(splits.map((s) => [s.id, s.unit_amount_in_cents, s.campaign, s.parent_campaign, s.fund])).toEqual([
    ["ext-1001-0001:1", 3334, "Holiday Meals", null, "General"],
    ["ext-1001-0001:2", 3333, "Spring Appeal 2026", "Annual Appeal 2026", "General"],
    ["ext-1001-0001:3", 3333, "Annual Appeal 2026", null, "Food Purchasing"],
  ]);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gifts" }).click();
  const row = page.getByRole("row").filter({ hasText: "ext-1001-0001" });
  await expect(row.getByRole("listitem")).toHaveCount(3);
  await expect(row).toContainText("$33.34 → Holiday Meals / General");
});

test("a gift entered in the service itself is found by its own id", async ({ page }) => {
  const e = editor(page);
  await connect(page);
  await openEditor(page, "id 51001003");
  await expect(page.getByText("Entered at the service directly, as gift 51001003")).toBeVisible();
  await e.button("Add line").click();
  await e.button("Split evenly").click();
  await e.review().click();
  await e.dialog().getByText("Show exactly what is sent to the service").click();
  await expect(e.dialog().getByLabel("Import JSON")).toContainText('"transaction": "transaction_id"');
  await expect(e.dialog().getByLabel("Import JSON")).toContainText('"transaction_id": "51001003"');
  await e.dialog().getByRole("button", { name: "Send to the service" }).click();
  // The editor's own history of the gift says "Verified" too: wait for the submission's page.
  await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Verified", { exact: true })).toBeVisible({ timeout: 15_000 });
  expect((await serviceSplits(page, "51001003")).map((s) => s.id)).toEqual(["51001003:1", "51001003:2"]);
});

test("an overlapping id shows the dropped-row notification", async ({ page, request }) => {
  const e = editor(page);
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
  await e.button("Add line").click();
  await e.button("Split evenly").click();
  await e.send();
  await expect(page.getByText("Differs", { exact: true })).toBeVisible({ timeout: 15_000 });
  const dropped = page.getByRole("row").filter({ hasText: "already the id of a gift at the service" });
  await expect(dropped).toContainText("Dropped");
  await expect(page.getByRole("row").filter({ hasText: "Dropped" }).nth(1)).toContainText(
    "did not add up to its total",
  );
});

test("Remaining counts what is typed at once; the status says why Review waits; shares and sums work", async ({
  page,
}) => {
  const e = editor(page);
  await connect(page);
  await openEditor(page, "ext-1001-0001");
  await e.button("Add line").click();
  await expect(e.status()).toContainText("Not ready: 1 problem to fix (line 2, amount: Enter an amount.)");
  await e.amount(1).fill("60");
  await e.amount(2).fill("30");
  await expect(e.remaining()).toHaveText("Remaining $10.00");
  await expect(e.status()).toContainText("allocate the remaining $10.00");
  await expect(e.review()).toBeDisabled();
  await e.amount(1).fill("80");
  await expect(e.remaining()).toHaveText("Over by $10.00");
  await expect(e.status()).toContainText("$10.00 over the gift's total");

  // Bad input gets a clear message beside the field once the admin moves on.
  await e.amount(2).fill("1,23.5");
  await e.amount(2).blur();
  const line2 = page.getByTestId("line-1");
  await expect(line2.getByText("a comma only groups three digits")).toBeVisible();
  await e.amount(2).fill("1e3");
  await expect(line2.getByText("Write the amount in plain digits")).toBeVisible();

  // "25%" counts while it is typed, before the field is left.
  await e.amount(1).fill("60");
  await e.amount(2).fill("");
  await e.amount(2).pressSequentially("25%");
  await expect(e.remaining()).toHaveText("Remaining $15.00");
  await expect(e.amount(2)).toBeFocused();
  await e.amount(2).press("Tab");
  await expect(e.amount(2)).toHaveValue("25.00");
  await expect(e.share(2)).toHaveValue("25");

  // The share column drives the amount; a small sum is exact and says when it rounds.
  await e.share(1).fill("40");
  await expect(e.amount(1)).toHaveValue("40.00");
  await expect(e.remaining()).toHaveText("Remaining $35.00");
  await e.amount(1).fill("100/3");
  await expect(e.remaining()).toHaveText("Remaining $41.67");
  await e.amount(1).press("Tab");
  await expect(e.amount(1)).toHaveValue("33.33");
  await expect(page.getByText("100/3 is not a whole number of cents: line 1 is rounded to $33.33.")).toBeVisible();

  await page.getByRole("button", { name: "Put the remainder on line 1" }).click();
  await expect(e.amount(1)).toHaveValue("75.00");
  await expect(e.remaining()).toHaveText("Fully allocated");
  await expect(e.review()).toBeEnabled();
});

test("split, review and send from the keyboard alone; a failed send keeps every line", async ({ page }) => {
  const e = editor(page);
  await connect(page);
  await openEditor(page, "ext-1001-0005"); // $1,000.00
  await e.button("Add line").focus();
  await page.keyboard.press("Enter");
  await expect(e.amount(2)).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("40%");
  await page.keyboard.press("Enter");
  await expect(e.amount(2)).toHaveValue("400.00");
  await e.amount(1).focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("600");
  // Tab through share and the pickers (Qty is folded away while every line counts once) to line
  // 1's fund, then choose by typing and Enter.
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  await expect(e.fund(1)).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Operat");
  await page.keyboard.press("Enter");
  await expect(e.fund(1)).toHaveValue("Operations");
  await expect(e.remaining()).toHaveText("Fully allocated");

  // The network drops the first attempt: the error is shown, nothing typed is lost.
  let dropped = false;
  await page.route("**/api/submissions", async (route) => {
    if (!dropped) {
      dropped = true;
      return route.abort("connectionreset");
    }
    return route.continue();
  });
  await e.review().focus();
  await page.keyboard.press("Enter");
  const send = e.dialog().getByRole("button", { name: "Send to the service" });
  await expect(e.dialog()).toBeVisible();
  for (let i = 0; i < 4 && !(await send.evaluate((b) => b === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(send).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(e.dialog().getByText("Apportion could not be reached")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(e.dialog()).toBeHidden();
  await expect(e.amount(1)).toHaveValue("600.00");
  await expect(e.amount(2)).toHaveValue("400.00");

  await e.send();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible({ timeout: 15_000 });
  expect((await serviceSplits(page, "51001005")).map((s) => [s.unit_amount_in_cents, s.fund])).toEqual([
    [60_000, "Operations"],
    [40_000, "General"],
  ]);
});

test("re-allocating removes a split at the service and keeps the others", async ({ page }) => {
  const e = editor(page);
  await connect(page);
  await openEditor(page, "ext-1001-0002"); // $25.00
  await e.button("Add line").click();
  await e.button("Split evenly").click();
  await e.send();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible({ timeout: 15_000 });

  // Open it again: the existing splits are its lines; remove the second, give its share to the first.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gifts" }).click();
  await openEditor(page, "ext-1001-0002");
  await expect(page.getByTestId("line-0")).not.toContainText("new");
  await page.getByRole("button", { name: "Remove line 2" }).click();
  const removed = page.getByRole("region", { name: "Splits to remove" });
  await expect(removed).toContainText("$12.50 in Spring Food Drive / Food Purchasing");
  await page.getByRole("button", { name: "Put the remainder on line 1" }).click();
  await expect(e.amount(1)).toHaveValue("25.00");
  await e.review().click();
  await expect(e.dialog()).toContainText("1 split will be marked as removed at the service");
  await e.dialog().getByText("Show exactly what is sent to the service").click();
  await expect(e.dialog().getByLabel("Import JSON")).toContainText('"deleted_at":');
  await e.dialog().getByRole("button", { name: "Send to the service" }).click();

  // The editor's own history of the gift says "Verified" too: wait for the submission's page.
  await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Verified", { exact: true })).toBeVisible({ timeout: 15_000 });
  // History names no split ids: the removed split is the row that says so.
  await expect(page.getByRole("row").filter({ hasText: "Removed, checked" })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "Sent, checked" })).toContainText("$25.00");
  const active = await serviceSplits(page, "51001002");
  expect(active.map((s) => [s.id, s.unit_amount_in_cents])).toEqual([["ext-1001-0002:1", 2500]]);
});

/** Splits $5.00 in two while every import fails; ends on the submission, needing attention. */
async function sendWhileImportsFail(page: Page, request: APIRequestContext) {
  const e = editor(page);
  await connect(page);
  await emulatorSwitch(request, "faults", {
    fail: { status: 500, count: 1000, path_prefix: "/admin/oauth2/api/v1/imports" },
  });
  await openEditor(page, "ext-1001-0004"); // $5.00
  await e.button("Add line").click();
  await e.button("Split evenly").click();
  await e.send();
  await expect(page.getByText("Failed", { exact: true })).toBeVisible({ timeout: 20_000 });
}

test("a batch the service keeps refusing needs attention, and Retry sends it once the service is back", async ({
  page,
  request,
}) => {
  await sendWhileImportsFail(page, request);
  await expect(page.getByRole("alert").filter({ hasText: "gave up after 3 attempts" })).toBeVisible();
  // Every try went unanswered: the one cause that reads "could not be reached".
  await expect(page.getByText("Failed: the service could not be reached after several tries.")).toBeVisible();
  await request.delete(`${EMULATOR_URL}/__emulator/faults`);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(await serviceSplits(page, "51001004")).toHaveLength(2);
});

test("a failed batch shows on its gift, and Retry refuses to put it back over a newer allocation", async ({
  page,
  request,
}) => {
  const e = editor(page);
  await sendWhileImportsFail(page, request);
  const failed = page.url();
  await request.delete(`${EMULATOR_URL}/__emulator/faults`);

  await page.goto("/transactions");
  await openEditor(page, "ext-1001-0004");
  await expect(page.getByText("The last allocation sent for this gift did not reach the service")).toBeVisible();
  await e.button("Add line").click();
  await e.button("Add line").click();
  await e.button("Split evenly").click();
  await e.send();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible({ timeout: 15_000 });

  await page.goto(failed);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: /^Not retried: gift 51001004 was allocated again/ }),
  ).toBeVisible();
  expect(await serviceSplits(page, "51001004")).toHaveLength(3);
});
