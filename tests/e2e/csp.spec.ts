// Audit finding 6: scripts run only with the request's nonce, never by 'unsafe-inline'. Every
// page is visited here; the fixture fails a test on any violation, on this walk and every other.
import type { Page, Response } from "@playwright/test";
import { centsToInput } from "@/lib/splits/money";
import { splitRowInput } from "../support/split-input";
import { expect, test } from "./fixtures";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

function scriptSources(response: Response): string[] {
  const policy = response.headers()["content-security-policy"] ?? "";
  const directive = policy.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  return directive.trim().split(/\s+/).slice(1);
}

/** Loads a page and checks its policy, and that every script on it carries this load's nonce. */
async function visit(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  const sources = scriptSources(response!);
  expect(sources, path).not.toContain("'unsafe-inline'");
  expect(sources, path).not.toContain("'unsafe-eval'");
  const nonce = sources.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
  expect(nonce, `${path} has a nonce`).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  // Every script the server wrote into the page carries this load's nonce.
  const tags = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length, path).toBeGreaterThan(0);
  for (const tag of tags) expect(tag, path).toContain(` nonce="${nonce}"`);
  await page.waitForLoadState("networkidle");
  // A chunk the page loads later (a part fetched when the editor shows, say) is trusted through
  // 'strict-dynamic' and has no nonce of its own; an inline script must have it, whoever added it.
  // The nonce attribute is hidden from the DOM once parsed; the property keeps it.
  const scripts = await page.evaluate(() => [...document.scripts].map((s) => ({ src: s.src, nonce: s.nonce })));
  for (const script of scripts.filter((s) => !s.src)) expect(script.nonce, `${path}: inline script`).toBe(nonce);
  return nonce!;
}

test("every page runs its scripts by a fresh nonce, with no CSP violation", async ({ page }) => {
  const first = await visit(page, "/");
  expect(await visit(page, "/")).not.toBe(first);
  await visit(page, "/connect/error?reason=denied");

  await connect(page);
  const api = page.request;
  const created = await api.post("/api/submissions", {
    data: {
      idempotencyKey: crypto.randomUUID(),
      allocations: [
        {
          transactionId: "51001001",
          totalCents: 10_000,
          currency: "USD",
          removedSplitIds: [],
          rows: [splitRowInput("ext-1001-0001:1", centsToInput(10_000))],
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { submissionId } = (await created.json()) as { submissionId: string };
  const draft = await api.post("/api/bulk", {
    data: {
      source: "rule",
      label: "All to General",
      rule: { lines: [{ fund: "General", percent: "100" }], leftoverLine: 0 },
      filters: {},
    },
  });
  expect(draft.status()).toBe(201);
  const { id: draftId } = (await draft.json()) as { id: string };

  for (const path of [
    "/transactions",
    "/transactions/51001002",
    "/history",
    `/history/${submissionId}`,
    "/bulk",
    `/bulk/${draftId}`,
    "/settings",
    "/funds",
    "/templates",
    "/templates/new",
    "/inbox",
  ]) {
    await visit(page, path);
  }
  // Scripts did run and hydrate: a nav link navigates on the client, in the same document.
  await visit(page, "/transactions");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});

test("route handlers and requests that bypass the page proxy are locked down", async ({ request }) => {
  const api = await request.get("/api/connection");
  expect(api.headers()["content-security-policy"]).toContain("default-src 'none'");
  // A body sent to a page never reaches the proxy (so it is never buffered); its answer runs nothing.
  const posted = await request.post("/", {
    data: "x=1",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(posted.headers()["content-security-policy"]).toContain("default-src 'none'");
});

test("a prefetch answer carries the page's policy too", async ({ page }) => {
  await connect(page);
  const variants: Record<string, string>[] = [
    { Purpose: "prefetch" },
    { "next-router-prefetch": "1" },
    { "Sec-Purpose": "prefetch" },
  ];
  for (const headers of variants) {
    const answer = await page.request.get("/transactions", { headers });
    expect(answer.status(), JSON.stringify(headers)).toBe(200);
    const policy = answer.headers()["content-security-policy"] ?? "";
    expect(policy, JSON.stringify(headers)).toContain("frame-ancestors 'none'");
    expect(policy, JSON.stringify(headers)).toMatch(/script-src 'self' 'nonce-/);
  }
});
