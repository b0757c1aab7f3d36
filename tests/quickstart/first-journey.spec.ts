// A new user's first minutes after `npm install && npm run dev`: connect the organization, find
// its gifts, open one in the split editor. On the dev server and the embedded database only.
import { expect, test } from "@playwright/test";
import { QUICKSTART_EMULATOR_PORT } from "../../playwright.quickstart.config";

test("connect, list the gifts and open one to split, on `npm run dev`", async ({ page, baseURL }) => {
  // No request of the app may fail on its side on the way (the first run of this test found every
  // list request answering 500 while the page only said "Something went wrong").
  const failures: string[] = [];
  page.on("response", (response) => {
    if (response.url().startsWith(baseURL ?? "") && response.status() >= 500)
      failures.push(`${response.status()} ${response.url()}`);
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page).toHaveURL(new RegExp(`^http://127.0.0.1:${QUICKSTART_EMULATOR_PORT}/admin/oauth2/authorize`));
  await page.getByLabel("Email").fill("admin@riverside.example");
  await page.getByLabel("Password").fill("playground");
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/transactions$/);

  // The list comes from the app's API routes: they share the worker's process-wide state.
  await expect(page.getByText(/^13 gifts/)).toBeVisible();
  await page
    .getByRole("row")
    .filter({ hasText: "ext-1001-0001" })
    .getByRole("link", { name: /^Split the/ })
    .click();
  await expect(page.getByRole("heading", { name: /^Split \$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Split evenly" })).toBeVisible();

  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Riverside Food Bank" });
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  expect(failures).toEqual([]);
});
