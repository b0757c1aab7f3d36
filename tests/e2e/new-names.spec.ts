// No new fund by a slip, and a quantity that explains itself: by keyboard alone, on a desktop and
// on a 390 px phone, against the emulator. Screenshots in test-results/new-names/.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editor, expectNoSeriousAxeViolations, openEditor, serviceSplits } from "./editor";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

const SIZES = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

/** The text of the highlighted item of the open list; "(none)" when nothing is highlighted. */
async function highlighted(page: Page): Promise<string> {
  const item = page.getByRole("listbox").locator(".picker__item.is-highlighted");
  return (await item.count()) === 0 ? "(none)" : ((await item.first().textContent()) ?? "").trim();
}

async function noWiderThanScreen(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function openTwoLines(page: Page) {
  const e = editor(page);
  await connect(page);
  await openEditor(page, "ext-1001-0001");
  await e.button("Add line").click();
  await e.button("Split evenly").click();
  await expect(e.amount(2)).toHaveValue("50.00");
  // Keyboard alone from here: the pointer rests in a corner, not where the list opens (a list
  // scrolled under a resting pointer would take its hover as a highlight).
  await page.mouse.move(0, 0);
  return e;
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("keyboard: Food + ArrowDown + Enter never yields a new fund; each key's highlight", async ({ page }) => {
      const e = await openTwoLines(page);
      const fund = e.fund(2);
      await fund.focus();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("Food");
      // A partial match: its one completion is highlighted, "Create new …" is last.
      await expect(page.getByRole("listbox").getByRole("option").last()).toHaveText("Create new fund “Food”");
      expect(await highlighted(page)).toBe("Food Purchasing");
      const steps: [string, string][] = [
        ["ArrowDown", "Food Purchasing"],
        ["ArrowUp", "Food Purchasing"],
        ["End", "Food Purchasing"],
        ["Home", "Food Purchasing"],
        ["PageDown", "Food Purchasing"],
      ];
      for (const [key, expected] of steps) {
        await page.keyboard.press(key);
        expect(await highlighted(page), `after ${key}`).toBe(expected);
      }
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("listbox")).toContainText("press ↓ again to choose it");
      await page.screenshot({ path: `test-results/new-names/${size.name}-food-arrow-down.png` });
      await expectNoSeriousAxeViolations(page, "picker stopped before Create new");
      await page.keyboard.press("Enter");
      await expect(fund).toHaveValue("Food Purchasing");

      // "Gen" + ArrowDown + Enter is General.
      await fund.focus();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("Gen");
      expect(await highlighted(page)).toBe("General");
      await page.keyboard.press("ArrowDown");
      expect(await highlighted(page)).toBe("General");
      await page.keyboard.press("Enter");
      await expect(fund).toHaveValue("General");

      // Several completions: nothing highlighted; ArrowUp goes to the last known name, not Create.
      await fund.focus();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("n");
      expect(await highlighted(page)).toBe("(none)");
      await page.keyboard.press("ArrowUp");
      expect(await highlighted(page)).not.toContain("Create new");
      // Escape closes the list and leaves the chosen name.
      await page.keyboard.press("Escape");
      await expect(page.getByRole("listbox").getByRole("option")).toHaveCount(0);
      await expect(fund).toHaveValue("General");

      // A near match: typing highlights nothing, ArrowDown the suggestion, then a stop, then Create.
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("Operatons");
      expect(await highlighted(page)).toBe("(none)");
      await page.keyboard.press("ArrowDown");
      expect(await highlighted(page)).toBe("Did you mean Operations?");
      await page.keyboard.press("ArrowDown");
      expect(await highlighted(page)).toBe("Did you mean Operations?");
      await page.keyboard.press("Enter");
      await expect(fund).toHaveValue("Operations");

      // An exact match: highlighted, no Create at all; Tab leaves with the name, never a new one.
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("Youth Nutrition");
      expect(await highlighted(page)).toBe("Youth Nutrition");
      await expect(page.getByRole("listbox")).not.toContainText("Create new");
      await page.keyboard.press("Tab");
      await expect(fund).toHaveValue("Youth Nutrition");
      await expect(e.remaining()).toHaveText("Fully allocated");
      await noWiderThanScreen(page, size.width);
    });

    test("keyboard: a new fund takes Create new by two ArrowDowns, then the review's tick before Send", async ({
      page,
    }) => {
      const e = await openTwoLines(page);
      await e.fund(2).focus();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("Food");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      expect(await highlighted(page)).toBe("Create new fund “Food”");
      await page.keyboard.press("Enter");
      await expect(e.fund(2)).toHaveValue("Food");

      await e.review().focus();
      await page.keyboard.press("Enter");
      const dialog = e.dialog();
      await expect(dialog).toBeVisible();
      const tick = dialog.getByRole("checkbox", { name: "Create fund “Food” at the service" });
      const send = dialog.getByRole("button", { name: "Send to the service" });
      await expect(tick).not.toBeChecked();
      await expect(send).toBeDisabled();
      await expect(dialog).toContainText("Tick the new name to send.");
      await page.screenshot({ path: `test-results/new-names/${size.name}-review-unticked.png`, fullPage: true });
      await expectNoSeriousAxeViolations(page, "review with an unticked new name");

      // By keyboard: to the box, Space ticks it, then Send.
      await tick.focus();
      await page.keyboard.press("Space");
      await expect(tick).toBeChecked();
      await expect(send).toBeEnabled();
      await page.screenshot({ path: `test-results/new-names/${size.name}-review-ticked.png`, fullPage: true });
      await expectNoSeriousAxeViolations(page, "review with the new name ticked");
      await send.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
      await expect
        .poll(async () => (await serviceSplits(page, "51001001")).map((s) => s.fund).sort(), { timeout: 15_000 })
        .toEqual(["Food", "General"]);
    });

    test("quantity: folded away while every line counts once; Qty 2 reads 2 × $25.00 = $50.00", async ({ page }) => {
      const e = await openTwoLines(page);
      const table = page.locator("#allocation-table");
      await expect(table).toHaveAttribute("data-quantity", "folded");
      await expect(e.quantity(1)).toBeHidden();
      await page.screenshot({ path: `test-results/new-names/${size.name}-qty-folded.png`, fullPage: true });
      const show = e.button("Show the Qty column (a line counted more than once)");
      await show.focus();
      await page.keyboard.press("Enter");
      await expect(table).toHaveAttribute("data-quantity", "shown");
      await expect(e.quantity(1)).toBeVisible();

      await e.amount(1).fill("25");
      await e.quantity(1).fill("2");
      await e.quantity(1).press("Tab");
      await expect(e.lineTotal(1)).toHaveText("2 × $25.00 = $50.00");
      await expect(e.remaining()).toHaveText("Fully allocated");
      await expect(page.getByTestId("quantity-note")).toHaveText(
        "Line totals count the quantity: line 1 is 2 × $25.00 = $50.00.",
      );
      // With a line counted twice the column stays (nothing to fold it with).
      await expect(page.getByRole("button", { name: "Hide the Qty column" })).toHaveCount(0);

      // Over: the sum message says why.
      await e.amount(1).fill("50");
      await e.amount(1).press("Tab");
      await expect(e.lineTotal(1)).toHaveText("2 × $50.00 = $100.00");
      await expect(e.remaining()).toHaveText("Over by $50.00");
      await expect(e.status()).toContainText("Each line counts its amount times its Qty.");
      await page.screenshot({ path: `test-results/new-names/${size.name}-qty-two.png`, fullPage: true });
      await expectNoSeriousAxeViolations(page, "a line counted twice");
      await noWiderThanScreen(page, size.width);
    });
  });
}
