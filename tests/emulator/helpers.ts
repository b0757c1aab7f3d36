// Helpers for the emulator tests: they talk to a real emulator over HTTP, like the app will.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { startEmulator, type EmulatorConfig, type RunningEmulator } from "@/emulator/server";

export const REDIRECT_URI = "http://127.0.0.1:3999/api/auth/callback/playground";
export const CLIENT_ID = "apportion-playground";
export const CLIENT_SECRET = "playground-secret-change-me";
export const RIVERSIDE = { id: 1001, email: "admin@riverside.example", password: "playground" };
export const HARBOR = { id: 1002, email: "admin@harbor.example", password: "playground" };
export const RIVERSIDE_LOGIN = { email: RIVERSIDE.email, password: RIVERSIDE.password };

export type TestEmulator = RunningEmulator & {
  /** The emulator's clock in milliseconds; tests move it forward to expire codes. */
  clock: { ms: number };
};

export async function startTestEmulator(overrides: Partial<EmulatorConfig> = {}): Promise<TestEmulator> {
  const clock = { ms: Date.parse("2026-03-01T12:00:00Z") };
  const running = await startEmulator({
    port: 0,
    redirectUris: [REDIRECT_URI],
    now: () => clock.ms,
    ...overrides,
  });
  return { ...running, clock };
}

export async function resetEmulator(emu: RunningEmulator): Promise<void> {
  const response = await fetch(`${emu.url}/__emulator/reset`, { method: "POST" });
  if (response.status !== 200) throw new Error(`reset failed: ${response.status}`);
}

export function authorizeUrl(emu: RunningEmulator, params: Record<string, string>): string {
  const url = new URL("/admin/oauth2/authorize", emu.url);
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
  return url.toString();
}

export function validAuthorizeParams(extra: Record<string, string> = {}): Record<string, string> {
  return {
    client_id: CLIENT_ID,
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    scope: "basic data_add data_query",
    state: "state-123",
    ...extra,
  };
}

export function postForm(url: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(body).toString(),
  });
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** Submits the consent form the way a browser would; returns the redirect's Location URL. */
export async function submitConsent(
  emu: RunningEmulator,
  params: Record<string, string>,
  form: { decision: "allow" | "deny"; email?: string; password?: string },
): Promise<Response> {
  return postForm(`${emu.url}/admin/oauth2/authorize`, { ...params, ...form });
}

export async function getCode(
  emu: RunningEmulator,
  options: { params?: Record<string, string>; email?: string } = {},
): Promise<string> {
  const params = options.params ?? validAuthorizeParams();
  const response = await submitConsent(emu, params, {
    decision: "allow",
    email: options.email ?? RIVERSIDE.email,
    password: RIVERSIDE.password,
  });
  const location = response.headers.get("location");
  if (response.status !== 302 || location === null) throw new Error(`consent failed: ${response.status}`);
  const code = new URL(location).searchParams.get("code");
  if (code === null) throw new Error(`no code in ${location}`);
  return code;
}

export function exchangeCode(emu: RunningEmulator, code: string, extra: Record<string, string> = {}) {
  return postForm(`${emu.url}/admin/oauth2/token`, {
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    code,
    grant_type: "authorization_code",
    redirect_uri: REDIRECT_URI,
    ...extra,
  });
}

export function refresh(emu: RunningEmulator, refreshToken: string) {
  return postJson(`${emu.url}/admin/oauth2/token`, {
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    grant_type: "refresh_token",
    refresh_token: refreshToken,
  });
}

export type Tokens = { access_token: string; refresh_token: string };

/** Full connect: consent as the given admin, then code exchange. */
export async function connect(emu: RunningEmulator, options: { scope?: string; email?: string } = {}): Promise<Tokens> {
  const params = validAuthorizeParams(options.scope ? { scope: options.scope } : {});
  const code = await getCode(emu, { params, email: options.email });
  const response = await exchangeCode(emu, code);
  if (response.status !== 200) throw new Error(`exchange failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as Tokens;
  return body;
}

export function callApi(
  emu: RunningEmulator,
  token: string,
  path: string,
  init: { method?: string; body?: string } = {},
) {
  return fetch(`${emu.url}/admin/oauth2/api/v1${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
  });
}

/** Every API endpoint the emulator serves, with a body that would be valid. */
export const API_ENDPOINTS = [
  { path: "/details", init: {} },
  {
    path: "/integrations/status",
    init: { method: "POST", body: JSON.stringify({ data: { status: "Connected", units: "5" } }) },
  },
  { path: "/transactions/query", init: { method: "POST", body: JSON.stringify({ per_page: 5 }) } },
  {
    path: "/imports",
    init: {
      method: "POST",
      body: JSON.stringify({
        data_format: "split_transaction",
        action_type: "create",
        data_type: "json",
        data: [
          { id: "ext-1001-0001:a", transaction_id: "ext-1001-0001", unit_amount_in_cents: 10000, fund: "General" },
        ],
      }),
    },
  },
  { path: "/imports/1", init: {} },
  { path: "/imports/stats", init: {} },
  { path: "/imports/list", init: {} },
];

export function postSwitch(emu: RunningEmulator, name: string, body: unknown) {
  return postJson(`${emu.url}/__emulator/${name}`, body);
}

export type OAuthErrorBody = { error: string; error_description: string };

/** Asserts an RFC 6749 §5.2 error answer and returns its body. */
export async function expectOAuthError(response: Response, status: number, error: string): Promise<OAuthErrorBody> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as OAuthErrorBody;
  expect(body.error).toBe(error);
  expect(typeof body.error_description).toBe("string");
  return body;
}

/** HTTP Basic client credentials, form-encoded first as RFC 6749 §2.3.1 requires. */
export function basicAuth(id: string, secret: string): string {
  const pair = `${encodeURIComponent(id)}:${encodeURIComponent(secret)}`;
  return `Basic ${Buffer.from(pair).toString("base64")}`;
}

/** One emulator for the test file, back at its seed before each test; `use` receives it once
 *  started (the file keeps it, and anything derived from its address). */
export function emulatorPerFile(use: (emu: TestEmulator) => void, overrides: Partial<EmulatorConfig> = {}): void {
  let emu: TestEmulator | undefined;
  beforeAll(async () => {
    emu = await startTestEmulator(overrides);
    use(emu);
  });
  afterAll(() => emu?.close());
  beforeEach(() => resetEmulator(emu!));
}

/** The same, imports processed at once, with Riverside connected before each test. */
export function connectedEmulatorPerFile(use: (setup: { emu: TestEmulator; token: string }) => void): void {
  let emu: TestEmulator | undefined;
  emulatorPerFile((started) => (emu = started), { importDelayMs: 0 });
  beforeEach(async () => use({ emu: emu!, token: (await connect(emu!)).access_token }));
}
