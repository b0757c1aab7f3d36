// The gifts list at scale, at 25,000 gifts, on a desktop and on a 390 px phone: sort by
// amount and donor, jump to a page, the last page, the count and sum above the list; on the phone
// the filters fold behind one button (by keyboard too) and a bulk rule's lines stack with Remove
// in view. Screenshots in test-results/gifts-list/.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import pg from "pg";
import { appEnv } from "./config";
import { expectNoSeriousAxeViolations } from "./editor";
import { expect, test } from "./fixtures";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

/** The seed's 13 gifts and these make 25,000. */
const GENERATED = 24_987;

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
  await emulatorSwitch(request, "organizations/1001/generate", { count: GENERATED, seed: 21 });
});

/** Asks the app's database directly, beside the app: what the list must show. */
async function copy<T>(text: string): Promise<T> {
  const client = new pg.Client({ connectionString: appEnv.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T;
  } finally {
    await client.end();
  }
}

const usd = (cents: string) => {
  const value = BigInt(cents);
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
    `${value / 100n}.${String(value % 100n).padStart(2, "0")}` as `${number}`,
  );
};

async function shoot(page: Page, name: string) {
  const dir = path.resolve("test-results/gifts-list");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

async function expectNoPageOverflow(page: Page, name: string) {
  const sizes = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(sizes.page, `${name}: the page is ${sizes.page} px wide in a ${sizes.viewport} px window`).toBeLessThanOrEqual(
    sizes.viewport,
  );
}

/** Connects and waits for the whole copy: the count above the list says 25,000 gifts. */
async function openFullList(page: Page) {
  await connect(page);
  await expect(page.getByText(/^25,000 gifts · \$/)).toBeVisible({ timeout: 90_000 });
}

// The gifts' rows: on a phone the header row is hidden (each row reads as a card).
const firstRow = (page: Page) => page.locator("tbody tr").first();
const pages = (page: Page) => page.getByRole("navigation", { name: "Pages" });

for (const size of [
  { name: "desktop", width: 1280, height: 860 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`at ${size.width} px: 25,000 gifts sorted by amount and donor, a page jumped to, the last page, the totals`, async ({
    page,
  }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await openFullList(page);
    const whole = await copy<{ count: string; sum: string }>(
      `SELECT count(*)::text AS count, sum("amountCents")::text AS sum FROM "KnownTransaction"`,
    );
    expect(whole.count).toBe("25000");
    await expect(page.getByText(`25,000 gifts · ${usd(whole.sum)}`, { exact: true })).toBeVisible();
    await expect(pages(page)).toContainText("Page 1 of 1,000");
    await expect(page.getByRole("heading", { name: "Gifts", level: 1 })).toBeVisible();
    await expectNoPageOverflow(page, "list");
    await expectNoSeriousAxeViolations(page, `${size.name} list:`);
    await shoot(page, `${size.name}-list`);

    // Largest amount first: the first row holds the largest gift, and the address keeps the order.
    await page.getByLabel("Sort").selectOption({ label: "Largest amount first" });
    await expect(page).toHaveURL(/sort=amount&order=desc/);
    const largest = await copy<{ cents: string }>(`SELECT max("amountCents")::text AS cents FROM "KnownTransaction"`);
    await expect(firstRow(page).locator("td").nth(2)).toHaveText(new RegExp(usd(largest.cents).replace("$", "\\$")));
    await page.reload();
    await expect(page.getByLabel("Sort")).toHaveValue("amount-desc");

    // Donor A to Z: the first donor by name, ties by id.
    await page.getByLabel("Sort").selectOption({ label: "Donor A to Z" });
    await expect(page).toHaveURL(/sort=donor&order=asc/);
    const firstDonor = await copy<{ name: string }>(
      `SELECT "contactName" AS name FROM "KnownTransaction" ORDER BY "contactSearch", "transactionId" LIMIT 1`,
    );
    await expect(firstRow(page)).toContainText(firstDonor.name);
    await shoot(page, `${size.name}-by-donor`);

    // A page number to jump to: a bad one is said plainly, a good one is shown.
    const jump = page.getByLabel("Go to page");
    await jump.fill("abc");
    await jump.press("Enter");
    await expect(page.getByText("Enter a page number from 1 to 1,000. Use digits only.")).toBeVisible();
    await expect(jump).toHaveAttribute("aria-invalid", "true");
    await jump.fill("1001");
    await jump.press("Enter");
    await expect(page.getByText("Enter a page number from 1 to 1,000.", { exact: true })).toBeVisible();
    await jump.fill("500");
    await jump.press("Enter");
    await expect(page).toHaveURL(/page=500/);
    await expect(pages(page)).toContainText("Page 500 of 1,000");
    const atPage500 = await copy<{ name: string }>(
      `SELECT "contactName" AS name FROM "KnownTransaction" ORDER BY "contactSearch", "transactionId" OFFSET 12475 LIMIT 1`,
    );
    await expect(firstRow(page)).toContainText(atPage500.name);

    // The last page, read from the end of the list: the last donor Z-wards, 25 gifts.
    await pages(page).getByRole("button", { name: "Last" }).click();
    await expect(pages(page)).toContainText("Page 1,000 of 1,000");
    await expect(page).toHaveURL(/page=1000/);
    await expect(page.locator("tbody tr")).toHaveCount(25);
    const lastDonor = await copy<{ name: string }>(
      `SELECT "contactName" AS name FROM "KnownTransaction" ORDER BY "contactSearch" DESC, "transactionId" DESC LIMIT 1`,
    );
    await expect(page.getByRole("row").last()).toContainText(lastDonor.name);
    await expect(pages(page).getByRole("button", { name: "Next" })).toBeDisabled();
    await pages(page).getByRole("button", { name: "First" }).click();
    await expect(pages(page)).toContainText("Page 1 of 1,000");

    // A filter: the count and sum are those of the gifts it finds.
    if (size.name === "phone") await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByLabel("From", { exact: true }).fill("2025-01-01");
    await page.getByLabel("To", { exact: true }).fill("2025-12-31");
    const inYear = await copy<{ count: string; sum: string }>(
      `SELECT count(*)::text AS count, sum("amountCents")::text AS sum FROM "KnownTransaction"
       WHERE "occurredAt" >= '2025-01-01' AND "occurredAt" < '2026-01-01'`,
    );
    const count = Number(inYear.count).toLocaleString("en-US");
    await expect(page.getByText(`${count} gifts match · ${usd(inYear.sum)}`, { exact: true })).toBeVisible();
    await expectNoPageOverflow(page, "filtered");
    await expectNoSeriousAxeViolations(page, `${size.name} filtered:`);
    await shoot(page, `${size.name}-filtered`);
  });
}

test("on a phone the filters fold behind one Filters button that says how many are on, by keyboard too", async ({
  page,
}) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openFullList(page);
  const toggle = page.getByRole("button", { name: /^Filters/ });
  const search = page.getByLabel("Search");
  await expect(toggle).toHaveText(/^Filters/);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(search).toBeHidden();
  // The gifts are on the first screen, not below a screenful of filters.
  const row = await firstRow(page).boundingBox();
  expect(row?.y ?? 9999).toBeLessThan(844);
  await shoot(page, "phone-filters-folded");

  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(search).toBeVisible();
  // The next Tab goes into the filters just opened.
  await page.keyboard.press("Tab");
  await expect(search).toBeFocused();
  await page.keyboard.type("maria");
  await expect(page).toHaveURL(/search=maria/);
  await page.getByLabel("Allocation").selectOption("unsplit");
  await expect(toggle).toHaveText(/^Filters \(2 active\)/);
  await expectNoSeriousAxeViolations(page, "phone filters open:");
  await expectNoPageOverflow(page, "filters open");
  await shoot(page, "phone-filters-open");

  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(search).toBeHidden();
  await expect(toggle).toHaveText(/^Filters \(2 active\)/);
  await expect(page.getByText(/^[\d,]+ gifts? match · \$/)).toBeVisible();
});

test("at 390 px a bulk rule's lines stack, each Remove in view, the page no wider than the phone", async ({ page }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openFullList(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bulk" }).click();
  await expect(page.getByRole("heading", { name: "Bulk allocation", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Add line" }).click();
  await expect(page.getByText("25,000 gifts match")).toBeVisible({ timeout: 20_000 });
  for (const n of [1, 2, 3]) {
    const remove = page.getByRole("button", { name: `Remove line ${n}` });
    await remove.scrollIntoViewIfNeeded();
    const box = await remove.boundingBox();
    expect(box, `Remove line ${n}`).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 999), `Remove line ${n} ends inside the phone`).toBeLessThanOrEqual(390);
    const fund = await page.getByLabel(`Fund, line ${n}`).boundingBox();
    expect((fund?.x ?? 0) + (fund?.width ?? 999)).toBeLessThanOrEqual(390);
  }
  // Nothing in the rule scrolls sideways inside its own box either.
  const box = await page.locator(".rule-lines .table-scroll").evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(box[0]).toBeLessThanOrEqual((box[1] ?? 0) + 1);
  await page.getByRole("button", { name: "Remove line 3" }).click();
  await expect(page.getByRole("button", { name: "Remove line 3" })).toHaveCount(0);
  await expectNoPageOverflow(page, "bulk");
  await expectNoSeriousAxeViolations(page, "phone bulk:");
  await shoot(page, "phone-bulk-rule");
});
