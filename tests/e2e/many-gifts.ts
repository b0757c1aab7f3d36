// A submission of many gifts for the History and pages specs: a template made through the API,
// three gifts arriving at the service, Refresh, and "Approve all" in To allocate, checking what
// the approve dialog says moves. $600.00 of gifts, 40% of each to Food Purchasing: $240.00 moves.
import { expect, type Page } from "@playwright/test";
import { EMULATOR_URL } from "./config";

export const MANY = { template: "Forty to food", gifts: 3, moved: "$240.00", total: "$600.00" };

export async function approveManyFromInbox(page: Page, check?: (name: string) => Promise<void>) {
  const made = await page.request.post("/api/templates", {
    data: {
      name: MANY.template,
      appliesTo: { kind: "campaign", value: "Annual Appeal 2026" },
      lines: [
        { kind: "percent", figure: "40", fund: "Food Purchasing" },
        { kind: "remainder", fund: "General" },
      ],
    },
  });
  expect(made.status()).toBe(201);
  for (const [i, cents] of [10_000, 20_000, 30_000].entries()) {
    const created = await page.request.post(`${EMULATOR_URL}/__emulator/organizations/1001/transactions`, {
      data: {
        transaction_id: `many-${i + 1}`,
        external_id: null,
        amount_in_cents: cents,
        transaction_time: new Date().toISOString(),
        contact_name: `Many Donor ${i + 1}`,
      },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto("/transactions");
  await page.getByRole("button", { name: "Refresh from the service" }).click();
  await expect(page.getByText("Many Donor 3").first()).toBeVisible();
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: `Waiting for you (${MANY.gifts})` })).toBeVisible();
  await page.getByRole("button", { name: "Approve all" }).click();
  const dialog = page.getByRole("dialog", { name: `Send ${MANY.gifts} gifts as proposed?` });
  // What moves, not the gifts' total.
  await expect(dialog).toContainText(`${MANY.moved} moves between funds.`);
  // The gifts' total was the old sentence ("$600.00 in all"); $600.00 is now only General's before.
  await expect(dialog).not.toContainText("in all");
  const food = dialog.getByRole("row").filter({ hasText: "Food Purchasing" });
  await expect(food).toContainText(MANY.moved);
  await expect(dialog.getByRole("row").filter({ hasText: "General" })).toContainText("$360.00");
  if (check) await check("approve-dialog");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}\?sent=approved$/);
  await expect(page.getByRole("status").filter({ hasText: `the ${MANY.gifts} gifts you approved` })).toBeVisible();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible({ timeout: 30_000 });
}
