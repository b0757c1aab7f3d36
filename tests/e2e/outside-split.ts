// A gift split at the service outside Apportion, for the browser tests: a grant of its own from the
// emulator's consent endpoint (as another integration would hold), then an import Apportion never
// sent, waited for until applied. No token is printed or kept.
import { expect, type APIRequestContext } from "@playwright/test";
import { APP_URL, CLIENT_ID, CLIENT_SECRET, EMULATOR_URL } from "./config";
import { RIVERSIDE } from "./helpers";

type Row = { id?: string; transaction_id: string; unit_amount_in_cents: number; fund: string; campaign?: string };

export async function splitOutsideApportion(request: APIRequestContext, rows: Row[]): Promise<void> {
  const redirectUri = `${APP_URL}/api/auth/callback/playground`;
  const consent = await request.post(`${EMULATOR_URL}/admin/oauth2/authorize`, {
    form: {
      client_id: CLIENT_ID,
      response_type: "code",
      redirect_uri: redirectUri,
      scope: "basic data_add data_query",
      decision: "allow",
      email: RIVERSIDE.email,
      password: "playground",
    },
    maxRedirects: 0,
  });
  const code = new URL(consent.headers()["location"] ?? "http://x").searchParams.get("code");
  expect(code, "the emulator's consent gives a code").toBeTruthy();
  const token = await request.post(`${EMULATOR_URL}/admin/oauth2/token`, {
    form: {
      grant_type: "authorization_code",
      code: code ?? "",
      redirect_uri: redirectUri,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const created = await request.post(`${EMULATOR_URL}/admin/oauth2/api/v1/imports`, {
    headers: { Authorization: `Bearer ${access_token}` },
    data: {
      data_format: "split_transaction",
      action_type: "create",
      match_by: { transaction: "transaction_id" },
      data_type: "json",
      data: rows,
    },
  });
  expect(created.ok(), "the outside import is taken").toBe(true);
  const { id } = (await created.json()) as { id: number };
  await expect
    .poll(async () => {
      const view = await request.get(`${EMULATOR_URL}/__emulator/organizations/${RIVERSIDE.id}/imports`);
      const { imports } = (await view.json()) as {
        imports: { id: number; completed_at: string | null; rows_dropped: number }[];
      };
      const done = imports.find((i) => i.id === id);
      return done?.completed_at ? `dropped ${done.rows_dropped}` : "waiting";
    })
    .toBe("dropped 0");
}
