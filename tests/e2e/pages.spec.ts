// Every page and every state worth seeing, on a desktop and on a 390 px phone: no page scrolls
// sideways (a wide table may scroll inside its own box), axe finds nothing serious or critical,
// and a screenshot of each is kept in test-results/pages/ to look at. With SCREENSHOTS_DIR set
// (`npm run screenshots`), the README's pictures are written there as well.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editor, expectNoSeriousAxeViolations, openEditor } from "./editor";
import { connect, dropGiftSilently, emulatorSwitch, resetAppData } from "./helpers";
import { approveManyFromInbox, MANY } from "./many-gifts";

const WIDTHS = [
  { name: "desktop", width: 1280, height: 860 },
  { name: "phone", width: 390, height: 844 },
];

const README_SHOTS: Record<string, string> = {
  "desktop-editor": "editor.png",
  "desktop-review": "review.png",
  "desktop-history-detail": "history.png",
  "desktop-history": "history-list.png",
  "desktop-funds": "funds.png",
  "phone-editor": "editor-phone.png",
};

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

for (const size of WIDTHS) {
  test(`every page at ${size.width} px: no sideways scrolling, nothing serious for axe`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const check = async (name: string) => {
      await expectNoPageOverflow(page, name);
      await expectNoSeriousAxeViolations(page, `${size.name} ${name}:`);
      await shoot(page, `${size.name}-${name}`);
    };
    const e = editor(page);

    await page.goto("/");
    await check("landing");
    await page.goto("/connect/error?reason=denied");
    await check("connect-error");

    await connect(page);
    await expect(page.getByRole("row").filter({ hasText: "ext-1001-0001" })).toBeVisible();
    await check("transactions");

    // A change the service silently does not apply (the gift was deleted there): History lists it
    // as Differs beside the Verified one made next.
    await dropGiftSilently(request, "51001004");
    await openEditor(page, "ext-1001-0004");
    await e.button("Add line").click();
    await e.button("Split evenly").click();
    await e.choose("fund", 2, "Operat", "Operations");
    await e.review().click();
    await e.dialog().getByRole("button", { name: "Send to the service" }).click();
    await expect(page.getByRole("status").getByText("Differs", { exact: true })).toBeVisible({ timeout: 20_000 });

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gifts" }).click();
    await openEditor(page, "ext-1001-0001");
    await e.button("Add line").click();
    await e.button("Add line").click();
    await e.button("Split evenly").click();
    await e.choose("campaign", 2, "Holiday", "Holiday Meals");
    await e.choose("fund", 3, "Operat", "Operations");
    await check("editor");
    await e.fund(1).click();
    await expect(page.getByRole("listbox")).toBeVisible();
    await check("editor-picker");
    await page.keyboard.press("Escape");
    await e.review().click();
    await expect(e.dialog()).toBeVisible();
    await check("review");
    await e.dialog().getByRole("button", { name: "Send to the service" }).click();
    // The editor's own history of the gift says "Verified" too: wait for the submission's page.
    await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Verified", { exact: true })).toBeVisible({ timeout: 15_000 });
    await check("history-detail");
    // A submission of many gifts beside them: an approval in To allocate.
    await approveManyFromInbox(page, check);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
    await expect(page.getByText(`${MANY.gifts} gifts · ${MANY.moved} moved`)).toBeVisible();
    await expect(page.getByText("Verified", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Differs", { exact: true }).first()).toBeVisible();
    await check("history");

    // Where the money is: the Verified change above moved money into Operations.
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Funds" }).click();
    await expect(page.getByRole("heading", { name: "Where the money is", level: 1 })).toBeVisible();
    await expect(page.getByRole("table").first()).toBeVisible();
    await check("funds");
    await nav.getByRole("link", { name: "Templates" }).click();
    await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
    await check("templates");
    await nav.getByRole("link", { name: "To allocate" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await check("inbox");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bulk" }).click();
    await check("bulk");
    await page.getByLabel("CSV file").setInputFiles({
      name: "spring.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "transaction_id,amount,fund\n51001003,100.00,General\n51001003,23.45,Operatons\n51001002,20,General\n",
      ),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page).toHaveURL(/\/bulk\/[0-9a-f-]{36}$/);
    await check("bulk-preview");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { name: "Riverside Food Bank" })).toBeVisible();
    await check("settings");
    await page.getByRole("button", { name: "Disconnect…" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel" })).toBeFocused();
    await check("disconnect-dialog");
  });
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

async function shoot(page: Page, name: string) {
  const dir = path.resolve("test-results/pages");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  const readme = README_SHOTS[name];
  const target = process.env.SCREENSHOTS_DIR;
  if (readme && target) {
    mkdirSync(target, { recursive: true });
    await page.screenshot({ path: path.join(target, readme), fullPage: !name.endsWith("review") });
  }
}
