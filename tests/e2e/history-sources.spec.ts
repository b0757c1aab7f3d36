// History's rows for a submission of many gifts: an approval in To allocate reads
// "3 gifts · $240.00 moved" with the largest changes per fund and where it came from, never one
// gift's move; the Source filter finds it; at 1280 and 390 px with axe.
import { expect, test } from "./fixtures";
import { expectNoSeriousAxeViolations } from "./editor";
import { connect, emulatorSwitch, resetAppData } from "./helpers";
import { approveManyFromInbox, MANY } from "./many-gifts";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

test.setTimeout(180_000);

for (const width of [1280, 390]) {
  test(`an inbox approval of several gifts reads as what it is, with its source (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await connect(page);
    await approveManyFromInbox(page, (name) => expectNoSeriousAxeViolations(page, name));

    await page.goto("/history");
    const row = page.getByRole("row").filter({ hasText: `${MANY.gifts} gifts · ${MANY.moved} moved` });
    await expect(row).toBeVisible();
    const changes = row.getByRole("list", { name: "Largest changes per fund" });
    await expect(changes.getByRole("listitem")).toHaveText([
      // Equal changes by name.
      `+${MANY.moved} Food Purchasing`,
      `\u2212${MANY.moved} General`,
    ]);
    await expect(row).toContainText(`From: Template “${MANY.template}”, approved in To allocate`);
    // Never one gift's move with a link to one gift.
    await expect(row.getByRole("link", { name: /Many Donor/ })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, "history, many gifts");
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);

    const source = page.getByLabel("Source", { exact: true });
    await source.selectOption("template");
    await expect(page).toHaveURL(/source=template$/);
    await expect(row).toBeVisible();
    await source.selectOption("automatic");
    await expect(page.getByText("Nothing sent matches these filters.")).toBeVisible();
    await source.selectOption("editor");
    await expect(page.getByText("Nothing sent matches these filters.")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "history, filtered");
  });
}
