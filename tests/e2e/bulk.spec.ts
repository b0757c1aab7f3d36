import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { EMULATOR_URL } from "./config";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

async function openBulk(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bulk" }).click();
  await expect(page.getByRole("heading", { name: "Bulk allocation", level: 1 })).toBeVisible();
}

async function activeServiceSplits(page: Page) {
  const answer = await page.request.get(`${EMULATOR_URL}/__emulator/organizations/1001/splits`);
  const { splits } = (await answer.json()) as {
    splits: { id: string; transaction_id: string; unit_amount_in_cents: number; fund: string; deleted_at: unknown }[];
  };
  return splits.filter((s) => !s.deleted_at).map((s) => `${s.id} ${s.unit_amount_in_cents} ${s.fund}`);
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

const CSV = [
  "transaction_id,amount,quantity,campaign,fund",
  "ext-1001-0001,60.00,1,Spring Food Drive,Food Purchasing",
  "ext-1001-0001,40.00,1,Spring Food Drive,General",
  "51001003,100.00,1,,General",
  "51001003,23.45,1,,Operations",
  "ext-1001-0002,20.00,1,,General",
  "ext-1001-0004,5,00,1,,General",
].join("\n");

test("upload a CSV, see what is wrong and why, download the wrong rows, and send the rest", async ({ page }) => {
  await connect(page);
  await openBulk(page);
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "spring.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await page.getByRole("button", { name: "Check file" }).click();

  await expect(page).toHaveURL(/\/bulk\/[0-9a-f-]{36}$/);
  await expect(page.getByText("4 gifts, 6 lines")).toBeVisible();
  await expect(page.getByRole("button", { name: "With a problem (2)" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("The splits add up to $20.00: $5.00 short of the $25.00 total.")).toBeVisible();
  await expect(page.getByText("This line has more values than the header has columns.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "What sending changes at the service" })).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: "Spring Food Drive" }).filter({ hasText: "Food Purchasing" }),
  ).toContainText("+$60.00");
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: "test-results/bulk-preview.png", fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download their lines" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("spring-errors.csv");
  const errors = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(errors).toString("utf8");
  expect(text.split("\r\n")[0]).toBe("transaction_id,amount,quantity,campaign,fund,line,error");
  expect(text).toContain("ext-1001-0002,20.00,1,,General,6,The splits add up to $20.00");

  await page.getByRole("button", { name: "Ready (2)" }).click();
  await expect(page.getByText("Ready", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: "Send 2 gifts" }).click();
  await expect(page.getByRole("heading", { name: "Final report" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("status").filter({ hasText: "Verified" })).toBeVisible();
  await expect(page.getByText(/4 of 4 splits taken by the service/)).toBeVisible();
  await page.screenshot({ path: "test-results/bulk-report.png", fullPage: true });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
  await expect(page.getByRole("link", { name: "spring.csv", exact: true })).toBeVisible();

  expect((await activeServiceSplits(page)).sort()).toEqual([
    "51001003:1 10000 General",
    "51001003:2 2345 Operations",
    "ext-1001-0001:1 6000 Food Purchasing",
    "ext-1001-0001:2 4000 General",
  ]);
});

test("a name new to the organization is shown with its near match, can be replaced by it, and sending waits for a tick", async ({
  page,
}) => {
  await connect(page);
  await openBulk(page);
  const typo = "transaction_id,amount,campaign,fund\n51001003,100.00,,Operatons\n51001003,23.45,,Capital Projects\n";
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "typo.csv", mimeType: "text/csv", buffer: Buffer.from(typo) });
  await page.getByRole("button", { name: "Check file" }).click();

  await expect(page.getByText("2 names are new to this organization.")).toBeVisible();
  await expect(page.locator(".new-names__list li")).toHaveText([
    "New fund “Capital Projects” (1 gift)",
    "New fund “Operatons” (1 gift) — did you mean “Operations”? Use “Operations”",
  ]);
  const send = page.getByRole("button", { name: "Send 1 gift" });
  await expect(send).toBeDisabled();
  await expect(page.getByText("Sending waits until the new names above are confirmed.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: "test-results/bulk-new-names.png", fullPage: true });

  // The suggestion, taken in the preview: no new upload.
  await page.getByRole("button", { name: "Use “Operations”" }).click();
  await expect(page.getByText("1 name is new to this organization.")).toBeVisible();
  await expect(page.locator(".new-names__list li")).toHaveText(["New fund “Capital Projects” (1 gift)"]);
  await expect(page.locator(".bulk-items").getByRole("cell", { name: "Operations", exact: true })).toBeVisible();
  await expect(send).toBeDisabled();

  await page.getByLabel("Create this new name at the service").check();
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByRole("heading", { name: "Final report" })).toBeVisible({ timeout: 20_000 });
  expect((await activeServiceSplits(page)).sort()).toEqual([
    "51001003:1 10000 Operations",
    "51001003:2 2345 Capital Projects",
  ]);
});

test("a file without the required columns is refused with words, and nothing is stored", async ({ page }) => {
  await connect(page);
  await openBulk(page);
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("id,value\n1,2\n") });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.locator(".notice--danger")).toContainText("The file has no transaction_id, amount, fund columns");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Recent bulk allocations" })).toHaveCount(0);
});

test("save a 60/40 rule, reuse it on filtered gifts, and send it", async ({ page }) => {
  await connect(page);
  await openBulk(page);
  await page.getByLabel("Fund, line 1").fill("Food Purchasing");
  await page.getByLabel("Campaign, line 1").fill("Holiday Meals");
  await page.getByLabel("Fund, line 2").fill("General");
  await page.getByLabel("Percent, line 2").fill("30");
  // Enter in a field runs nothing: previewing is the button's job.
  await page.getByLabel("Fund, line 2").press("Enter");
  await expect(page).toHaveURL(/\/bulk$/);
  await expect(page.getByText("Lines add up to 90% (must be 100%)")).toBeVisible();
  await page.getByRole("button", { name: "Preview allocation" }).click();
  await expect(page.getByText("The percentages add up to 90%: 10% short of 100%.")).toBeVisible();

  // Removing a line by keyboard leaves focus in the table.
  await page.getByRole("button", { name: "Add line" }).click();
  await page.getByRole("button", { name: "Remove line 3" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Fund, line 2")).toBeFocused();

  await page.getByLabel("Percent, line 2").fill("40");
  await page.getByLabel("Leftover cents go to line 2").check();
  await page.getByLabel("Rule name (to save it for later)").fill("Food 60/40");
  await page.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByText("Saved “Food 60/40”.")).toBeVisible();

  await page.reload();
  await page.getByLabel("Saved rules").selectOption({ label: "Food 60/40" });
  await expect(page.getByLabel("Fund, line 1")).toHaveValue("Food Purchasing");
  await expect(page.getByLabel("Leftover cents go to line 2")).toBeChecked();
  await page.getByLabel("From", { exact: true }).fill("2026-01-01");
  await page.getByLabel("To", { exact: true }).fill("2026-01-03");
  await expect(page.getByText("3 gifts match")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: "test-results/bulk-rule.png", fullPage: true });
  await page.getByRole("button", { name: "Preview allocation" }).click();

  await expect(page).toHaveURL(/\/bulk\/[0-9a-f-]{36}$/);
  await expect(page.getByText("3 gifts, 6 lines")).toBeVisible();
  await expect(page.locator(".bulk-items").getByRole("cell", { name: "74.07" })).toBeVisible();
  await expect(page.locator(".bulk-items").getByRole("cell", { name: "49.38" })).toBeVisible();
  await page.getByRole("button", { name: "Send 3 gifts" }).click();
  await expect(page.getByRole("heading", { name: "Final report" })).toBeVisible({ timeout: 20_000 });
  expect(await activeServiceSplits(page)).toHaveLength(6);
});

test("the bulk and rule routes refuse bad input with a clear 4xx and store nothing", async ({ page, request }) => {
  const unknown = crypto.randomUUID();
  for (const [method, url] of [
    ["GET", "/api/bulk"],
    ["POST", "/api/bulk"],
    ["GET", `/api/bulk/${unknown}`],
    ["DELETE", `/api/bulk/${unknown}`],
    ["POST", `/api/bulk/${unknown}/items`],
    ["POST", `/api/bulk/${unknown}/ready`],
    ["POST", `/api/bulk/${unknown}/submit`],
    ["POST", `/api/bulk/${unknown}/names`],
    ["GET", `/api/bulk/${unknown}/errors.csv`],
    ["GET", "/api/rules"],
    ["POST", "/api/rules"],
    ["PUT", `/api/rules/${unknown}`],
    ["DELETE", `/api/rules/${unknown}`],
    ["GET", `/api/submissions/${unknown}/progress`],
  ] as const) {
    const response = await request.fetch(url, { method, data: method === "GET" ? undefined : {} });
    expect(response.status(), `${method} ${url} without a session`).toBe(401);
  }

  await connect(page);
  const api = page.request;
  const rule = { lines: [{ fund: "General", percent: "100" }], leftoverLine: 0 };
  const line = (n: number) => ({
    line: n + 2,
    values: { transaction_id: "51001002", amount: "1.00", fund: "General" },
  });
  const cases: [string, "GET" | "POST" | "PUT" | "DELETE", string, unknown, number][] = [
    ["unknown source", "POST", "/api/bulk", { source: "ftp", label: "x" }, 422],
    ["NUL in a name", "POST", "/api/bulk", { source: "csv", label: "a\u0000b", columns: ["x"] }, 422],
    ["NUL in a search", "GET", "/api/transactions?search=a%00b", undefined, 422],
    ["CSV without columns", "POST", "/api/bulk", { source: "csv", label: "a.csv", columns: [] }, 422],
    [
      "rule short of 100%",
      "POST",
      "/api/bulk",
      { source: "rule", label: "r", rule: { ...rule, lines: [{ fund: "General", percent: "90" }] }, filters: {} },
      422,
    ],
    [
      "percent as a number",
      "POST",
      "/api/bulk",
      { source: "rule", label: "r", rule: { ...rule, lines: [{ fund: "General", percent: 100 }] }, filters: {} },
      422,
    ],
    [
      "leftover line out of range",
      "POST",
      "/api/bulk",
      { source: "rule", label: "r", rule: { ...rule, leftoverLine: 3 }, filters: {} },
      422,
    ],
    [
      "rule on nothing",
      "POST",
      "/api/bulk",
      { source: "rule", label: "r", rule, filters: { search: "nobody at all" } },
      422,
    ],
    ["draft id not a UUID", "GET", "/api/bulk/1%20OR%201=1", undefined, 404],
    ["unknown draft", "GET", `/api/bulk/${unknown}`, undefined, 404],
    [
      "parts for an unknown draft",
      "POST",
      `/api/bulk/${unknown}/items`,
      { groups: [{ transaction: "51001002", rows: [line(0)] }] },
      404,
    ],
    [
      "a part over 5,000 lines",
      "POST",
      `/api/bulk/${unknown}/items`,
      { groups: [{ transaction: "51001002", rows: Array.from({ length: 5_001 }, (_, i) => line(i)) }] },
      422,
    ],
    ["submit without a key", "POST", `/api/bulk/${unknown}/submit`, {}, 422],
    ["errors of an unknown draft", "GET", `/api/bulk/${unknown}/errors.csv`, undefined, 404],
    [
      "a name for an unknown draft",
      "POST",
      `/api/bulk/${unknown}/names`,
      { kind: "fund", from: "Operatons", to: "Operations" },
      404,
    ],
    ["a name of no kind", "POST", `/api/bulk/${unknown}/names`, { kind: "donor", from: "a", to: "b" }, 422],
    [
      "half a character in a name",
      "POST",
      `/api/bulk/${unknown}/names`,
      { kind: "fund", from: "Operat\ud800", to: "Operations" },
      422,
    ],
    [
      "confirmed names not a digest",
      "POST",
      `/api/bulk/${unknown}/submit`,
      { idempotencyKey: unknown, confirmedNewNames: ["all"] },
      422,
    ],
    ["rule without a name", "POST", "/api/rules", { name: " ", rule }, 422],
    ["rule name with a control character", "POST", "/api/rules", { name: "a\u0007b", rule }, 422],
    ["unknown rule", "PUT", `/api/rules/${unknown}`, { name: "x", rule }, 404],
    ["delete an unknown rule", "DELETE", `/api/rules/${unknown}`, undefined, 404],
    ["progress of an unknown submission", "GET", `/api/submissions/${unknown}/progress`, undefined, 404],
  ];
  for (const [name, method, url, data, expected] of cases) {
    const response = await api.fetch(url, { method, data: data as Record<string, unknown> | undefined });
    expect(response.status(), name).toBe(expected);
    const body = (await response.json()) as { error?: { message?: string } };
    expect(body.error?.message, `${name} has a message`).toBeTruthy();
    expect(body.error?.message, `${name} leaks nothing internal`).not.toMatch(
      /prisma|stack|at \w+ \(|SELECT|postgres/i,
    );
  }
  const crossSite = await api.post("/api/rules", {
    data: { name: "x", rule },
    headers: { Origin: "https://evil.example" },
  });
  expect(crossSite.status()).toBe(403);
  expect(await (await api.get("/api/bulk")).json()).toEqual([]);
  expect(await (await api.get("/api/rules")).json()).toEqual([]);
});
