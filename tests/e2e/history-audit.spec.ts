// History as an audit trail, on a desktop and on a 390 px phone: a change the service silently did
// not apply (the gift was deleted there, and the service drops unknown rows without a word) reads
// Differs everywhere (History's badge and filter, the row, the detail page, the settings card),
// never green; the gift keeps its donor, amount and before → after after it leaves the copy; the
// reason typed in the review is kept; and History downloads as CSV with the right lines.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editor, expectNoSeriousAxeViolations, openEditor } from "./editor";
import { connect, dropGiftSilently, emulatorSwitch, openSettings, resetAppData } from "./helpers";
import pg from "pg";
import { appEnv } from "./config";

test.use({ timezoneId: "America/New_York" });

const WIDTHS = [
  { name: "desktop", width: 1280, height: 860 },
  { name: "phone", width: 390, height: 844 },
];

const REASON = "Donor asked to move it to Operations, email of 20 Nov";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

/** The donor as Apportion's copy names them. */
async function donorOf(transactionId: string): Promise<string> {
  const client = new pg.Client({ connectionString: appEnv.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ contactName: string }>(
      `SELECT "contactName" FROM "KnownTransaction" WHERE "transactionId" = $1`,
      [transactionId],
    );
    expect(rows[0]?.contactName).toBeTruthy();
    return rows[0]!.contactName;
  } finally {
    await client.end();
  }
}

async function look(page: Page, name: string) {
  const sizes = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(sizes.page, `${name}: ${sizes.page} px wide in a ${sizes.viewport} px window`).toBeLessThanOrEqual(
    sizes.viewport,
  );
  await expectNoSeriousAxeViolations(page, name);
  const dir = path.resolve("test-results/history-audit");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

for (const size of WIDTHS) {
  test(`at ${size.width} px a change the service did not apply reads Differs everywhere, and History keeps the gift`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const e = editor(page);
    await connect(page);
    // The gift ext-1001-0004 ($5.00, Tom Becker's) leaves the service; the copy still lists it,
    // and the service drops rows for gifts it does not know without a notification.
    const donor = await donorOf("51001004");
    await dropGiftSilently(request, "51001004");

    await openEditor(page, "ext-1001-0004");
    await e.button("Add line").click();
    await e.button("Split evenly").click();
    await e.choose("fund", 2, "Operat", "Operations");
    await e.review().click();
    await expect(e.dialog()).toBeVisible();
    await e.dialog().getByLabel("Reason (optional)").fill(REASON);
    await look(page, `${size.name}-review-reason`);
    await e.dialog().getByRole("button", { name: "Send to the service" }).click();
    await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
    const detail = page.url();

    // The detail page: titled by the gift, Differs (never green), each split says how it differs.
    await expect(page.getByRole("status").getByText("Differs", { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^\$5\.00 from .+, \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await expect(page.getByRole("heading", { level: 2, name: /^\$2\.50 .+ → Operations$/ })).toBeVisible();
    await expect(page.getByText(`Reason: ${REASON}`)).toBeVisible();
    const splits = page.getByRole("row").filter({ hasText: "Differs: The service's query no longer shows gift" });
    await expect(splits).toHaveCount(2);
    await expect(page.getByText("Verified", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("cell", { name: /^Sent/ })).toHaveCount(0);
    await look(page, `${size.name}-detail-differs`);

    // The History list: the badge, the filter that finds it in one click, and how it differs.
    await page.goto("/history");
    const row = page.getByRole("row").filter({ hasText: "→ Operations" });
    await expect(row.getByText("Differs", { exact: true })).toBeVisible();
    await expect(row).toContainText("The service's query no longer shows gift 51001004.");
    await expect(row).toContainText(`Reason: ${REASON}`);
    await page.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "Differs" }).click();
    await expect(page).toHaveURL(/\/history\?status=differs$/);
    await expect(row).toBeVisible();
    await look(page, `${size.name}-history-differs`);
    await page.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "Verified" }).click();
    await expect(page.getByText("Nothing sent matches these filters.")).toBeVisible();
    await page.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "Could not verify" }).click();
    await expect(page).toHaveURL(/\/history\?status=could_not_verify$/);
    await expect(page.getByText("Nothing sent matches these filters.")).toBeVisible();

    // The settings card agrees, in the same words.
    await openSettings(page);
    const recent = page.getByRole("region", { name: "Recent changes sent" });
    await expect(recent.getByText("Differs", { exact: true })).toBeVisible();
    await expect(recent).toContainText("Differs: the service holds something other than what was sent.");
    await look(page, `${size.name}-settings-differs`);

    // The gift leaves the copy at the next full read: History still names it and what moved.
    await page.goto("/transactions");
    await page.getByRole("button", { name: "Refresh from the service" }).click();
    await expect(page.getByRole("row").filter({ hasText: "ext-1001-0004" })).toHaveCount(0, { timeout: 20_000 });
    await page.goto("/history");
    const kept = page.getByRole("row").filter({ hasText: "→ Operations" });
    await expect(kept).toContainText("$5.00 from");
    await expect(kept).toContainText(`$5.00 from ${donor}`);
    await page.goto(detail);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^\$5\.00 from /);
    const record = page.getByRole("region", { name: /^\$5\.00 from / });
    await expect(record.getByText("Before")).toBeVisible();
    await expect(record).toContainText("$5.00 ");
    await expect(record).toContainText("$2.50 ");
    await expect(record).toContainText("/ Operations");
    await look(page, `${size.name}-detail-gift-gone`);

    // History as CSV: one line for this gift, with what moved, the reason and the verdict.
    await page.goto("/history");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export the history as CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^apportion-history-\d{4}-\d\d-\d\d\.csv$/);
    const text = readFileSync((await download.path())!, "utf8");
    // The one CSV convention: a byte-order mark, no empty record, plain amounts and a currency.
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: false }).data;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      gift: "51001004",
      external_id: "ext-1001-0004",
      amount: "5.00",
      currency: "USD",
      moved: "2.50",
      donor,
      reason: REASON,
      status: "Differs",
      verification: "The service's query no longer shows gift 51001004.",
    });
    expect(lines[0]?.what).toMatch(/^\$2\.50 .+ → Operations$/);
  });
}
