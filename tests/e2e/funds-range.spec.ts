// Funds ranges PostgreSQL cannot hold (year 0, the day after 9999-12-31) answered
// 500 from the API, the CSV and the page, whose error was written to the app's output. Now: 422
// naming from/to with the accepted range in the words, and the page says it by the field, at
// 1280 and 390 px, with nothing in the log.
import { statSync, readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { APP_LOG } from "./config";
import { expectNoSeriousAxeViolations } from "./editor";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

const START = "Choose a start date from 1900-01-01 to 9999-12-30.";
const END = "Choose an end date from 1900-01-01 to 9999-12-30.";

const CASES = [
  { query: "from=0000-01-01&to=0001-01-01", fields: { from: [START], to: [END] } },
  { query: "from=9999-12-31&to=9999-12-31", fields: { from: [START], to: [END] } },
  { query: "from=2026-01-01&to=9999-12-31", fields: { to: [END] } },
];

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

test("a funds range PostgreSQL cannot hold is refused by the API, the CSV and the page, naming the field", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await connect(page);
  const logFrom = statSync(APP_LOG).size;
  for (const c of CASES) {
    for (const path of ["/api/funds", "/api/funds/export.csv"]) {
      const answer = await page.request.get(`${path}?${c.query}`);
      expect(answer.status(), `${path}?${c.query}`).toBe(422);
      const body = (await answer.json()) as { error: { fields: Record<string, string[]> } };
      expect(body.error.fields, `${path}?${c.query}`).toEqual(c.fields);
    }
  }

  for (const size of [
    { width: 1280, height: 860 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const c of CASES) {
      const answer = await page.goto(`/funds?${c.query}`);
      expect(answer?.status()).toBe(200);
      if (c.fields.from) await expect(page.getByLabel("From")).toHaveAccessibleDescription(START);
      await expect(page.getByLabel("To (included)")).toHaveAccessibleDescription(END);
      await expect(page.getByRole("alert").filter({ hasText: "These dates cannot be shown" })).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
    }
    await expectNoSeriousAxeViolations(page, `funds range at ${size.width} px`);
  }

  // Nothing failed on the way: no error line (the page's failure was written out before).
  const lines = readFileSync(APP_LOG).subarray(logFrom).toString("utf8");
  expect(lines).not.toMatch(/"level":50/);
  expect(lines).not.toMatch(/date\/time field value out of range|time zone displacement/);
});
