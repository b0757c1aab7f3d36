import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { APP_URL, EMULATOR_URL } from "./config";
import {
  answerConsent,
  connect,
  emulatorState,
  emulatorSwitch,
  openSettings,
  resetAppData,
  RIVERSIDE,
  startConnect,
} from "./helpers";

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

test("connect, see the connection in settings, disconnect, and be signed out", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Apportion" })).toBeVisible();
  await connect(page);
  await openSettings(page);

  const panel = page.getByRole("region", { name: RIVERSIDE.name });
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Connected", { exact: true })).toBeVisible();
  await expect(panel.getByText("Playground (test)")).toBeVisible();
  await expect(panel.getByText("Read contacts and gifts")).toBeVisible();
  await expect(panel.getByText(/^13 gifts, brought up to date /)).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent activity" })).toContainText("Connected");

  await page.getByRole("button", { name: "Check connection" }).click();
  await expect(page.locator("main").getByRole("status")).toContainText("the connection works");

  // Disconnect asks first; Cancel changes nothing.
  await page.getByRole("button", { name: "Disconnect…" }).click();
  const dialog = page.getByRole("dialog", { name: `Disconnect ${RIVERSIDE.name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Disconnect…" }).click();
  await dialog.getByRole("button", { name: "Disconnect", exact: true }).click();
  await expect(page).toHaveURL(/\/\?disconnected=1$/);
  await expect(page.locator("main").getByRole("status")).toContainText("The service was told");

  const grant = (await emulatorState(request)).grants.find((g) => g.organization_id === 1001);
  expect(grant?.integration_status?.toLowerCase()).toBe("disconnected");

  // The session has ended: settings and the API refuse.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/\?signed_out=1&next=%2Fsettings$/);
  const api = await page.request.get("/api/connection");
  expect(api.status()).toBe(401);
});

test("denying consent shows a clear message and a way to try again", async ({ page }) => {
  await startConnect(page);
  await answerConsent(page, "Deny");
  await expect(page).toHaveURL(/\/connect\/error/);
  await expect(page.getByRole("heading", { name: "Access was not allowed" })).toBeVisible();
  await expect(page.locator("main").getByRole("alert")).toContainText("You chose not to allow access");

  await page.getByRole("button", { name: "Try again" }).click();
  await answerConsent(page, "Allow");
  await expect(page).toHaveURL(/\/transactions$/);
});

test("a forged state at the callback is refused and nothing is connected", async ({ page }) => {
  // Rewrites the state in the service's redirect, as an attacker splicing a callback would.
  await page.route(`${EMULATOR_URL}/admin/oauth2/authorize`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const answer = await route.fetch({ maxRedirects: 0 });
    const location = new URL(answer.headers()["location"] ?? "");
    location.searchParams.set("state", "forged-state");
    await route.fulfill({ status: 302, headers: { location: location.toString() } });
  });
  await startConnect(page);
  await answerConsent(page, "Allow");

  await expect(page).toHaveURL(/\/connect\/error/);
  await expect(page.locator("main").getByRole("alert")).toContainText("could not be verified");
  await page.goto("/settings");
  await expect(page).toHaveURL(/signed_out=1/);
});

/** Adds an `iss` (or several, in order) to the service's authorization answer, as an RFC 9207 server would. */
async function answerWithIssuer(page: Page, ...issuers: string[]) {
  await page.route(`${EMULATOR_URL}/admin/oauth2/authorize`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const answer = await route.fetch({ maxRedirects: 0 });
    const location = new URL(answer.headers()["location"] ?? "");
    for (const iss of issuers) location.searchParams.append("iss", iss);
    await route.fulfill({ status: 302, headers: { location: location.toString() } });
  });
}

for (const order of ["foreign first", "ours first"] as const) {
  test(`an answer with a repeated iss (${order}) is refused without redeeming the code`, async ({ page, request }) => {
    const issuers = ["https://evil.example", EMULATOR_URL];
    await answerWithIssuer(page, ...(order === "foreign first" ? issuers : issuers.reverse()));
    await startConnect(page);
    await answerConsent(page, "Allow");
    await expect(page).toHaveURL(/\/connect\/error\?reason=issuer_mismatch/);
    expect((await emulatorState(request)).stats.tokenRequests.authorization_code).toBe(0);
    await page.goto("/settings");
    await expect(page).toHaveURL(/signed_out=1/);
  });
}

test("an answer naming another issuer (RFC 9207) is refused, and nothing is connected", async ({ page, request }) => {
  await answerWithIssuer(page, "https://app.kindful.com");
  await startConnect(page);
  await answerConsent(page, "Allow");

  await expect(page).toHaveURL(/\/connect\/error\?reason=issuer_mismatch/);
  await expect(page.locator("main").getByRole("alert")).toContainText("different authorization server");
  // The code was never redeemed, and there is no session.
  expect((await emulatorState(request)).stats.tokenRequests.authorization_code).toBe(0);
  await page.goto("/settings");
  await expect(page).toHaveURL(/signed_out=1/);
});

test("an answer naming this environment's issuer connects as usual", async ({ page }) => {
  await answerWithIssuer(page, EMULATOR_URL);
  await startConnect(page);
  await answerConsent(page, "Allow");
  await expect(page).toHaveURL(/\/transactions$/);
});

test("a callback this browser did not start is refused", async ({ page, browser }) => {
  let callback = "";
  await page.route(`${EMULATOR_URL}/admin/oauth2/authorize`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const answer = await route.fetch({ maxRedirects: 0 });
    callback = answer.headers()["location"] ?? "";
    await route.fulfill({ status: 200, contentType: "text/plain", body: "captured" });
  });
  await startConnect(page);
  await answerConsent(page, "Allow");
  await expect.poll(() => callback).toContain("/api/auth/callback/playground?code=");

  // Another browser (no state cookie) replays the genuine callback address.
  const other = await browser.newContext();
  const victim = await other.newPage();
  await victim.goto(callback);
  await expect(victim).toHaveURL(/\/connect\/error/);
  await expect(victim.locator("main").getByRole("alert")).toContainText("could not be verified");
  await other.close();
});

test("a failing token endpoint gives a plain message and a way to try again", async ({ page, request }) => {
  await emulatorSwitch(request, "faults", { fail: { status: 500, count: 1, path_prefix: "/admin/oauth2/token" } });
  await startConnect(page);
  await answerConsent(page, "Allow");
  await expect(page).toHaveURL(/\/connect\/error/);
  await expect(page.locator("main").getByRole("alert")).toContainText("could not be reached");
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
});

test("a disabled integration shows Reconnect, and reconnecting restores the same connection", async ({
  page,
  request,
}) => {
  await connect(page);
  await openSettings(page);
  await emulatorSwitch(request, "disconnect", { organization_id: RIVERSIDE.id });

  await page.getByRole("button", { name: "Check connection" }).click();
  const card = page.getByRole("region", { name: RIVERSIDE.name });
  await expect(card.getByText("Disabled by the service")).toBeVisible();

  // Settings says it once, in the card, with Reconnect as its main action: no banner there.
  await page.reload();
  await expect(card.getByRole("button", { name: "Reconnect" })).toBeVisible();
  const banner = page.locator("main").getByRole("alert").filter({ hasText: "is not connected right now" });
  await expect(banner).toHaveCount(0);
  await expect(page.locator("main").getByText("this integration was disabled", { exact: false })).toHaveCount(1);

  // Every other page says so, with a Reconnect button that comes back to that page.
  await page.goto("/history?source=editor");
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Reconnect" }).click();
  await answerConsent(page, "Allow");
  await expect(page).toHaveURL(/\/history\?source=editor$/);
  await openSettings(page);

  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Recent activity" })).toContainText("Reconnected");
});

test("a refresh the service refuses asks for Reconnect in settings and on every page", async ({ page, request }) => {
  await connect(page);
  await openSettings(page);
  await emulatorSwitch(request, "revoke-access-tokens", { organization_id: RIVERSIDE.id });
  await emulatorSwitch(request, "revoke-refresh-tokens", { organization_id: RIVERSIDE.id });

  await page.getByRole("button", { name: "Check connection" }).click();
  const panel = page.getByRole("region", { name: RIVERSIDE.name });
  await expect(panel.getByText("Needs reconnect", { exact: true })).toBeVisible();
  await expect(panel).toContainText("no longer accepts this connection's refresh token");

  await page.goto("/transactions");
  const banner = page.locator("main").getByRole("alert").filter({ hasText: "is not connected right now" });
  await expect(banner).toContainText("Reconnect to continue");

  // The card's Reconnect brings the admin back to settings.
  await openSettings(page);
  await panel.getByRole("button", { name: "Reconnect" }).click();
  await answerConsent(page, "Allow");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(panel.getByText("Connected", { exact: true })).toBeVisible();
  await page.goto("/transactions");
  await expect(banner).toHaveCount(0);
});

test("a deep link survives sign-in, and only paths of this app are followed", async ({ page }) => {
  await page.goto("/history?status=differs");
  await expect(page).toHaveURL(/\/\?signed_out=1&next=%2Fhistory%3Fstatus%3Ddiffers$/);
  await page.getByRole("button", { name: "Connect" }).click();
  await answerConsent(page, "Allow");
  await expect(page).toHaveURL(/\/history\?status=differs$/);
  await expect(page.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "Differs" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Signed in already, a link to the landing page with a destination goes straight there;
  // one that leaves the app goes to the transactions instead.
  await page.goto("/?next=%2Fsettings");
  await expect(page).toHaveURL(/\/settings$/);
  await page.goto("/?next=%2F%2Fevil.example%2F");
  await expect(page).toHaveURL(/\/transactions$/);
});

test("pages and routes require a session, and send the security headers", async ({ request }) => {
  const settings = await request.get("/settings", { maxRedirects: 0 });
  expect(settings.status()).toBe(307);
  expect(settings.headers()["location"]).toContain("/?signed_out=1&next=%2Fsettings");

  const api = await request.get("/api/connection");
  expect(api.status()).toBe(401);
  expect((await api.json()).error.message).toContain("Connect again");

  const crossSite = await request.post("/api/connection/disconnect", { headers: { Origin: "https://evil.example" } });
  expect(crossSite.status()).toBe(403);

  const landing = await request.get("/");
  const headers = landing.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).not.toContain("unsafe-eval");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  // The suite runs the production build: it sends HSTS on pages and routes alike.
  expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  expect(api.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");

  const callback = await request.get(`${APP_URL}/api/auth/callback/playground?code=x&state=y`, { maxRedirects: 0 });
  expect(callback.headers()["referrer-policy"]).toBe("no-referrer");
});
