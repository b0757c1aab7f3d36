// "Where the money is" on a desktop and on a 390 px phone: after a gift is split into Operations
// in the editor, the funds page (from the main navigation) shows the totals per fund and campaign
// as charts with their tables, and what moved; a bad range is refused in words on the page and
// with 422 naming the field from the API; the CSV downloads with its header; a fund opens the gifts
// list filtered by that fund and those days. A gift split at the service outside Apportion counts
// by its splits there (and its lines say so in the list and the editor); a service that does not
// show splits gets a note. Axe finds nothing serious and nothing is wider than the window.
// Screenshots in test-results/funds/.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editor, expectNoSeriousAxeViolations, openEditor } from "./editor";
import { connect, emulatorSwitch, resetAppData } from "./helpers";
import { splitOutsideApportion } from "./outside-split";

const WIDTHS = [
  { name: "desktop", width: 1280, height: 860 },
  { name: "phone", width: 390, height: 844 },
];

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

async function look(page: Page, name: string) {
  const sizes = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(sizes.page, `${name}: ${sizes.page} px wide in a ${sizes.viewport} px window`).toBeLessThanOrEqual(
    sizes.viewport,
  );
  await expectNoSeriousAxeViolations(page, name);
  const dir = path.resolve("test-results/funds");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

for (const size of WIDTHS) {
  test(`at ${size.width} px the funds page charts the money per fund with its table, exports it and lists a fund's gifts`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const e = editor(page);
    await connect(page);
    // Half of a $100.00 gift into Operations, so that there is a move to see.
    await openEditor(page, "ext-1001-0001");
    await e.button("Add line").click();
    await e.button("Split evenly").click();
    await e.choose("fund", 2, "Operat", "Operations");
    await e.send();
    await expect(page.getByText("Verified", { exact: true }).first()).toBeVisible({ timeout: 20_000 });

    await page.goto("/transactions");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Funds" }).click();
    await expect(page).toHaveURL(/\/funds$/);
    await expect(page.getByRole("heading", { level: 1, name: "Where the money is" })).toBeVisible();
    // This year so far, by default.
    const year = new Date().getUTCFullYear();
    await expect(page.getByLabel("From")).toHaveValue(`${year}-01-01`);

    // Each chart is one image named after the table that holds its figures, and the table is there.
    const perFund = page.getByRole("region", { name: "Per fund", exact: true });
    await expect(perFund.getByRole("img", { name: /money per fund.*table "Money per fund"/ })).toBeVisible();
    const fundsTable = perFund.getByRole("table", { name: /^Money per fund, / });
    await expect(fundsTable).toBeVisible();
    await expect(fundsTable.getByRole("rowheader", { name: "Operations" })).toBeVisible();
    const perCampaign = page.getByRole("region", { name: "Per campaign", exact: true });
    await expect(perCampaign.getByRole("img", { name: /money per campaign/ })).toBeVisible();
    await expect(perCampaign.getByRole("table", { name: /^Money per campaign, / })).toBeVisible();
    // The move: $50.00 of that gift went into Operations.
    const moved = page.getByRole("region", { name: "What Apportion moved", exact: true });
    await expect(moved.getByRole("img", { name: /before and after/ })).toBeVisible();
    // On a phone each figure carries its column's name (the table's data-label), which the row's name reads too.
    await expect(
      moved.getByRole("row", { name: /^Operations (Before:? )?\$0\.00 (After:? )?\$50\.00 (Change:? )?\+\$50\.00$/ }),
    ).toBeVisible();
    await look(page, `${size.name}-funds`);

    // The CSV: its header, and Operations among the funds.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export the tables as CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^apportion-funds-\d{4}-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, "utf8");
    // The one CSV convention: a byte-order mark, then the header; no blank line anywhere.
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).not.toContain("\r\n\r\n");
    const csv = text.slice(1).split("\r\n");
    expect(csv[0]).toBe("section,name,currency,amount,gifts,before,after,from,to");
    expect(csv.some((line) => /^fund,Operations,USD,\d+\.\d{2},\d+,,,/.test(line))).toBe(true);
    expect(csv).toContainEqual(expect.stringMatching(/^moved,Operations,USD,50\.00,,0\.00,50\.00,/));

    // A range that ends before it starts: said on the page, nothing summed.
    await page.getByLabel("From").fill(`${year}-05-02`);
    await page.getByLabel("To (included)").fill(`${year}-05-01`);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "These dates" })).toContainText(
      "The end date is before the start date.",
    );
    await expect(page.getByRole("table")).toHaveCount(0);
    await look(page, `${size.name}-bad-range`);

    // The API refuses in the same words, naming the field; a NUL is refused by the one text rule.
    const refused = await page.request.get(`/api/funds?from=${year}-05-02&to=${year}-05-01`);
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toEqual({
      to: ["The end date is before the start date."],
    });
    const nul = await page.request.get("/api/funds/export.csv?from=2026-01-01%00");
    expect(nul.status()).toBe(422);
    expect(Object.keys(((await nul.json()) as { error: { fields: Record<string, string[]> } }).error.fields)).toEqual([
      "from",
    ]);

    // A fund opens its gifts: the gifts list, filtered by the fund and the same days.
    await page.goto("/funds");
    const operations = page
      .getByRole("region", { name: "Per fund", exact: true })
      .getByRole("row", { name: /^Operations / });
    const giftsThere = Number(await operations.getByRole("cell").first().textContent());
    expect(giftsThere).toBeGreaterThan(0);
    await operations.getByRole("link", { name: "Operations" }).click();
    const today = new Date().toISOString().slice(0, 10);
    await expect(page).toHaveURL(`/transactions?fund=Operations&after=${year}-01-01&before=${today}`);
    // The gifts the fund's total counted, the one just split among them.
    await expect(page.getByRole("link", { name: /^Change split the \$100\.00 gift of / })).toBeVisible();
    await expect(page.getByRole("link", { name: /^(Split|Change split) the / })).toHaveCount(giftsThere);
    await look(page, `${size.name}-fund-gifts`);
  });
}

test("a gift split at the service outside Apportion counts by its splits there, in the funds page, the gifts list and the editor", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  // The $100.01 gift of 13 January 2026, split by another integration before Apportion copies it.
  await splitOutsideApportion(request, [
    { transaction_id: "51001013", unit_amount_in_cents: 5_000, fund: "Youth Nutrition" },
    { id: "other-app-2", transaction_id: "51001013", unit_amount_in_cents: 5_001, fund: "Operations" },
  ]);
  await connect(page);
  await page.goto("/funds?from=2026-01-13&to=2026-01-13");
  await expect(page.getByText("count the splits made through Apportion only")).toHaveCount(0);
  const funds = page.getByRole("region", { name: "Per fund", exact: true }).getByRole("table");
  await expect(funds.getByRole("row", { name: /^Youth Nutrition 1 \$50\.00$/ })).toBeVisible();
  await expect(funds.getByRole("row", { name: /^Operations 1 \$50\.01$/ })).toBeVisible();
  await expect(funds.getByRole("rowheader", { name: "General" })).toHaveCount(0);
  await look(page, "outside-split-funds");

  // Its fund's gifts: the gift, its lines marked as made outside Apportion.
  await funds.getByRole("link", { name: "Operations" }).click();
  await expect(page).toHaveURL("/transactions?fund=Operations&after=2026-01-13&before=2026-01-13");
  const allocation = page
    .getByRole("row", { name: /\$100\.01/ })
    .getByRole("cell")
    .nth(3);
  await expect(allocation).toContainText("$50.00 → Apportion / Youth Nutrition · split outside Apportion");
  await expect(allocation).toContainText("$50.01 → Apportion / Operations · split outside Apportion");

  // The editor warns that it cannot change that split.
  await page.goto("/transactions/51001013");
  await expect(
    page.getByText(/also holds a split of this gift made outside Apportion \(\$50\.00 in Youth/),
  ).toBeVisible();
});

test("when the service does not show splits, the funds page says its figures count Apportion's only", async ({
  page,
  request,
}) => {
  await emulatorSwitch(request, "settings", { query_splits: "refused" });
  await connect(page);
  await page.goto("/funds?from=2026-01-01&to=2026-01-31");
  await expect(page.getByText(/count the splits made through Apportion only: the service does not show/)).toBeVisible();
  // The gifts are all there all the same.
  await expect(page.getByText(/in 13 gifts, /)).toBeVisible();
});
