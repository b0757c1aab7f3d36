// A real grant from a running emulator, saved the way the Connect journey saves it.
import { saveGrant } from "@/lib/connections/store";
import { exchangeCode } from "@/lib/service/oauth";
import type { RunningEmulator } from "@/emulator/server";

/** All these helpers need of an emulator: its address (the sync bench runs it in another process). */
type EmulatorAddress = Pick<RunningEmulator, "url">;

export const APP_REDIRECT_URI = "http://localhost:3000/api/auth/callback/playground";
export const CLIENT = { clientId: "apportion-playground", clientSecret: "playground-secret-change-me" };

export async function authorizationCode(
  emulator: EmulatorAddress,
  options: { email?: string; codeChallenge?: string; scope?: string } = {},
): Promise<string> {
  const form = new URLSearchParams({
    client_id: CLIENT.clientId,
    response_type: "code",
    redirect_uri: APP_REDIRECT_URI,
    scope: options.scope ?? "basic data_add data_query",
    state: "integration-state",
    decision: "allow",
    email: options.email ?? "admin@riverside.example",
    password: "playground",
  });
  if (options.codeChallenge) {
    form.set("code_challenge", options.codeChallenge);
    form.set("code_challenge_method", "S256");
  }
  const response = await fetch(`${emulator.url}/admin/oauth2/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  const code = new URL(response.headers.get("location") ?? "http://x").searchParams.get("code");
  if (!code) throw new Error(`consent failed with ${response.status}`);
  return code;
}

export async function connectOrganization(emulator: EmulatorAddress, email = "admin@riverside.example") {
  const code = await authorizationCode(emulator, { email });
  const tokens = await exchangeCode({ baseUrl: emulator.url }, CLIENT, { code, redirectUri: APP_REDIRECT_URI });
  const organizationId = email.includes("harbor") ? "1002" : "1001";
  return saveGrant({
    environment: "playground",
    organizationId,
    organizationName: `Org ${organizationId}`,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    scopes: (tokens.scope ?? "").split(" "),
    expiresAt: null,
  });
}

/** POSTs to one of the emulator's switches; its answer (the large organization's switches say
 *  which gifts they made, changed or deleted). */
export async function emulatorSwitch<T = unknown>(emulator: EmulatorAddress, name: string, body: unknown = {}) {
  const response = await fetch(`${emulator.url}/__emulator/${name}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  // Every switch answers 200 when it did what it was asked.
  if (response.status !== 200) throw new Error(`switch ${name} failed: ${response.status}`);
  return (await response.json().catch(() => undefined)) as T;
}

export async function emulatorState(emulator: EmulatorAddress) {
  const response = await fetch(`${emulator.url}/__emulator/state`);
  return (await response.json()) as {
    grants: { organization_id: number; status: string; integration_status: string | null }[];
    stats: {
      tokenRequests: { authorization_code: number; refresh_token: number };
      apiCalls: Record<string, number>;
      /** Requests a fault switch answered (a held request counts once it is held). */
      faultsServed: number;
    };
  };
}

/** Transactions query calls the emulator has answered (it refuses a page over 50). */
export async function queryCalls(emulator: EmulatorAddress): Promise<number> {
  return (await emulatorState(emulator)).stats.apiCalls["POST /admin/oauth2/api/v1/transactions/query"] ?? 0;
}
