// The Connect journey against the OAuth peer: next-auth's sign-in, the authorization server's
// answer, next-auth's callback, and the session it sets.
import { decode } from "next-auth/jwt";
import { getAuthOptions } from "@/lib/auth/options";
import { getEnv } from "@/lib/env";
import { nextAuthBrowser } from "./next-auth-browser";

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
