// The Connect journey against the OAuth peer: next-auth's sign-in, the authorization server's
// answer, next-auth's callback, and the session it sets.
import { decode } from "next-auth/jwt";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { getAuthOptions } from "@/lib/auth/options";
import { clearEnvCache, getEnv } from "@/lib/env";
import { resetTables } from "./app-db";
import { nextAuthBrowser } from "./next-auth-browser";
import { type OAuthPeer, startOAuthPeer } from "./oauth-peer";

export const APP_URL = "http://localhost:3000";

export type ConnectAttempt = {
  authorizationUrl: URL;
  callbackUrl: URL;
  callback: { status: number; location?: string };
  /** The connection the session names, when one was made. */
  connectionId?: string;
};

export async function connectThroughNextAuth(): Promise<ConnectAttempt> {
  const browser = nextAuthBrowser(getAuthOptions(), APP_URL);
  const { csrfToken } = (await browser.request("GET", ["csrf"])).body as { csrfToken: string };
  const signIn = await browser.request(
    "POST",
    ["signin", getEnv().SERVICE_ENVIRONMENT],
    {},
    {
      csrfToken,
      callbackUrl: `${APP_URL}/transactions`,
      json: "true",
    },
  );
  const authorizationUrl = new URL((signIn.body as { url: string }).url);
  const answer = await fetch(authorizationUrl, { redirect: "manual" });
  const callbackUrl = new URL(answer.headers.get("location") ?? "");
  const callback = await browser.request(
    "GET",
    callbackUrl.pathname.split("/").slice(3),
    Object.fromEntries(callbackUrl.searchParams),
  );
  const session = browser.cookies.get("next-auth.session-token");
  const token = session ? await decode({ token: session, secret: getEnv().NEXTAUTH_SECRET }) : null;
  return {
    authorizationUrl,
    callbackUrl,
    callback,
    connectionId: typeof token?.connectionId === "string" ? token.connectionId : undefined,
  };
}

/**
 * Puts one OAuth peer behind the service's paths for the tests of a file, with empty tables and a
 * fresh peer before each test. Returns the running peer (hooks registered after this run after).
 */
export function peerAsService(): () => OAuthPeer {
  let running: OAuthPeer | undefined;
  beforeAll(async () => {
    running = await startOAuthPeer();
    process.env.SERVICE_BASE_URL = running.url;
    process.env.NEXTAUTH_URL = APP_URL;
    clearEnvCache();
  });
  afterAll(async () => {
    await running?.close();
    delete process.env.NEXTAUTH_URL;
  });
  beforeEach(async () => {
    await resetTables();
    running?.reset();
  });
  return () => {
    if (!running) throw new Error("The OAuth peer is not running (use it inside a test).");
    return running;
  };
}
