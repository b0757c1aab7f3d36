import { expect, type APIRequestContext, type Page } from "@playwright/test";
import pg from "pg";
import { resetAppDataWith } from "../support/reset-app-data";
import { appEnv, EMULATOR_URL } from "./config";

export const RIVERSIDE = { email: "admin@riverside.example", name: "Riverside Food Bank", id: "1001" };
export const HARBOR = { email: "admin@harbor.example", name: "Harbor Arts Collective", id: "1002" };

export async function emulatorSwitch(request: APIRequestContext, name: string, body: unknown = {}) {
  const response = await request.post(`${EMULATOR_URL}/__emulator/${name}`, { data: body });
  expect(response.ok(), `emulator switch ${name}`).toBe(true);
}

export async function emulatorState(request: APIRequestContext) {
  return (await (await request.get(`${EMULATOR_URL}/__emulator/state`)).json()) as {
    grants: { organization_id: number; status: string; integration_status: string | null }[];
    stats: { tokenRequests: { authorization_code: number; refresh_token: number } };
  };
}

/** From the consent page: signs in as the admin and answers. */
export async function answerConsent(page: Page, decision: "Allow" | "Deny", email = RIVERSIDE.email) {
  await expect(page).toHaveURL(new RegExp(`^${EMULATOR_URL}/admin/oauth2/authorize`));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("playground");
  await page.getByRole("button", { name: decision }).click();
}

export async function startConnect(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Connect" }).click();
}

/** The whole Connect journey, ending on the transactions page. */
export async function connect(page: Page, email = RIVERSIDE.email) {
  await startConnect(page);
  await answerConsent(page, "Allow", email);
  await expect(page).toHaveURL(/\/transactions$/);
}

export async function openSettings(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
}

/** Every test starts from an empty app database, as the emulator starts from its seed. The server's
 *  worker keeps running meanwhile: the reset waits for its statements (tests/support/reset-app-data.ts). */
export async function resetAppData() {
  const client = new pg.Client({ connectionString: appEnv.DATABASE_URL });
  await client.connect();
  try {
    await resetAppDataWith(client);
  } finally {
    await client.end();
  }
}

/** The gift leaves the service, which from now on drops rows for gifts it does not know without a
 *  notification (`not_found: silent`): a change that reaches it reads back as Differs. */
export async function dropGiftSilently(request: APIRequestContext, transactionId: string) {
  await emulatorSwitch(request, "settings", { not_found: "silent" });
  const deleted = await request.post(`${EMULATOR_URL}/__emulator/organizations/${RIVERSIDE.id}/delete`, {
    data: { ids: [transactionId] },
  });
  expect(deleted.ok()).toBe(true);
}
