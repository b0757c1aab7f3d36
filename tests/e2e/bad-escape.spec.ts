// A path segment that is not UTF-8 (%FF, an encoded surrogate half %ED%A0%80,
// a character cut short %C3) answered 500 on every dynamic route and page, with no
// Content-Security-Policy and nothing logged. Every dynamic route and page of app/ (listed from
// the folders, so a new one is walked too) must answer like other bad ids: a route 422 naming its
// parameter, a page the not-found page (404) with its policy; and the app's log says so.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { APP_LOG } from "./config";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

const ESCAPES = ["%FF", "%ED%A0%80", "%C3"];

/** Every app/ folder with a dynamic segment holding `file`, as its address pattern. */
function dynamicFolders(file: "route.ts" | "page.tsx", dir = "app"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return dynamicFolders(file, full);
    const folder = `/${path.relative("app", dir).split(path.sep).join("/")}`;
    return entry.name === file && folder.includes("[") ? [folder] : [];
  });
}

/** The app's log lines written since `from` (a byte offset of APP_LOG), parsed. */
function logLinesSince(from: number): Record<string, unknown>[] {
  return readFileSync(APP_LOG)
    .subarray(from)
    .toString("utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

type Refusal = { error: { code: string; fields?: Record<string, string[]> } };

test("a path segment that is not UTF-8 is refused on every dynamic route and page, with its policy and a log line", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await connect(page);
  const routes = dynamicFolders("route.ts");
  const pages = dynamicFolders("page.tsx");
  expect(routes.length).toBeGreaterThanOrEqual(16);
  expect(pages.length).toBeGreaterThanOrEqual(4);
  const logFrom = statSync(APP_LOG).size;
  const asked: string[] = [];

  for (const route of routes) {
    const param = /\[(?:\.\.\.)?(\w+)\]/.exec(route)![1]!;
    for (const escape of ESCAPES) {
      const address = route.replace(/\[[^\]]+\]/, `12${escape}34`);
      asked.push(address);
      // A request with a body takes another way through Next.js: both are refused alike.
      const answers = [
        ["GET", await page.request.get(address)],
        ["POST", await page.request.post(address, { data: { items: ["x"] } })],
      ] as const;
      for (const [method, answer] of answers) {
        const what = `${method} ${address}`;
        expect(answer.status(), what).toBe(422);
        expect(answer.headers()["content-security-policy"], what).toContain("default-src 'none'");
        const body = (await answer.json()) as Refusal;
        expect(body.error.code, what).toBe("invalid_input");
        expect(Object.keys(body.error.fields ?? {}), what).toEqual([param]);
        expect(body.error.fields?.[param]?.[0], what).toMatch(new RegExp(`^The ${param} in the address is not text`));
      }
    }
  }

  for (const folder of pages) {
    for (const escape of ESCAPES) {
      const address = folder.replace(/\[[^\]]+\]/, `12${escape}34`);
      asked.push(address);
      const answer = await page.goto(address);
      expect(answer?.status(), address).toBe(404);
      expect(answer?.headers()["content-security-policy"], address).toMatch(/script-src 'self' 'nonce-/);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" }), address).toBeVisible();
    }
  }

  // Not silence: a line per refused address, naming it.
  await expect
    .poll(() => {
      const refused = logLinesSince(logFrom).filter((line) => line.event === "http.address_refused");
      return asked.filter((address) => !refused.some((line) => line.path === address));
    })
    .toEqual([]);
  const lines = logLinesSince(logFrom);
  expect(lines.filter((line) => line.level === 50)).toEqual([]);
});
