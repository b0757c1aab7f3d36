// The signed-in admin's connection. A session is valid only while its connection exists, is not
// disconnected, and has the same session epoch (disconnect bumps it, ending every session). The
// row comes from the per-process cache that LISTEN/NOTIFY keeps fresh (lib/connections/
// connection-cache.ts), so a disconnect anywhere reaches every instance's next request.
import "server-only";
import { decode } from "next-auth/jwt";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/lib/app-error";
import { readConnection } from "@/lib/connections/store";
import { getEnv } from "@/lib/env";
import { PATH_HEADER, returnPath } from "@/lib/return-path";
import type { Connection } from "@/lib/generated/prisma/client";

/**
 * Read once per server render: the layout and the page both ask, and they ask about the same
 * request (React's cache is scoped to one render; route handlers run it every time).
 */
export const getCurrentConnection = cache(async function getCurrentConnection(): Promise<Connection | null> {
  const session = await readSessionToken();
  if (!session) return null;
  const connection = await readConnection(session.connectionId);
  if (!connection || connection.status === "disconnected" || connection.sessionEpoch !== session.sessionEpoch) {
    return null;
  }
  return connection;
});

/** For pages: sends a visitor without a valid session to the landing page. */
export async function requireConnection(): Promise<Connection> {
  const connection = await getCurrentConnection();
  if (!connection) {
    // Back to the page asked for once connected (a deep link survives sign-in).
    const asked = returnPath((await headers()).get(PATH_HEADER));
    redirect(`/?signed_out=1&next=${encodeURIComponent(asked)}`);
  }
  return connection;
}

/** For route handlers. */
export async function requireConnectionForApi(): Promise<Connection> {
  const connection = await getCurrentConnection();
  if (!connection) throw new AppError("unauthenticated", "Your session has ended. Connect again to continue.");
  return connection;
}

/** Both cookie names next-auth may use (the __Secure- one on https). */
export const SESSION_COOKIE_NAMES = ["next-auth.session-token", "__Secure-next-auth.session-token"] as const;

/**
 * The session cookie opened with next-auth's own `decode` (the JWE it wrote at sign-in: same
 * secret, same derived key, `exp` checked with its 15 s tolerance). getServerSession did the same
 * and then ran the callbacks and encrypted a fresh token for a cookie that a server component or
 * route handler cannot set (next-auth drops it there), about 1 ms per request for nothing. Our
 * jwt callback changes the token only at sign-in and the session callback only copies these two
 * fields, so they are read here directly.
 */
async function readSessionToken(): Promise<SessionClaims | null> {
  const env = getEnv();
  // The one name next-auth uses for this deployment: only the __Secure- cookie on https, which a
  // plain-http page of a sibling domain cannot set.
  const name = SESSION_COOKIE_NAMES[new URL(env.NEXTAUTH_URL).protocol === "https:" ? 1 : 0];
  const token = sessionCookieValue(await cookies(), name);
  if (!token) return null;
  const opened = openedTokens.get(token);
  if (opened) {
    if (opened.exp === undefined || opened.exp > epochSeconds() - CLOCK_TOLERANCE_S) return opened;
    openedTokens.delete(token);
    return null;
  }
  try {
    const payload = await decode({ token, secret: env.NEXTAUTH_SECRET });
    const { connectionId, sessionEpoch, exp, nbf } = payload ?? {};
    if (typeof connectionId !== "string" || typeof sessionEpoch !== "number") return null;
    const claims = { connectionId, sessionEpoch, exp: typeof exp === "number" ? exp : undefined };
    // A token valid only later (nbf) is opened again each time; next-auth never sets nbf.
    if (nbf === undefined) remember(token, claims);
    return claims;
  } catch {
    return null; // expired, tampered with, or sealed with another secret: no session
  }
}

type SessionClaims = { connectionId: string; sessionEpoch: number; exp: number | undefined };

/**
 * Cookies this process has opened, by their exact text: opening one (a key derivation and an
 * AES-GCM decryption) cost about 0.6 ms per request, and the same cookie always opens to the same
 * claims. Only the expiry moves with time, so it is checked again on every use, with decode's
 * own tolerance. Whether the session still holds is the connection's business, read after.
 */
const openedTokens = new Map<string, SessionClaims>();
const OPENED_TOKENS_MAX = 1_000;
/** jose's clockTolerance as next-auth's decode passes it. */
const CLOCK_TOLERANCE_S = 15;

function remember(token: string, claims: SessionClaims) {
  if (openedTokens.size >= OPENED_TOKENS_MAX) {
    const oldest = openedTokens.keys().next().value;
    if (oldest !== undefined) openedTokens.delete(oldest);
  }
  openedTokens.set(token, claims);
}

function epochSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

type CookieJar = { get(name: string): { value: string } | undefined; getAll(): { name: string; value: string }[] };

/** next-auth splits a cookie over 4 kB into `<name>.0`, `<name>.1`…; ours never is, but read both. */
function sessionCookieValue(jar: CookieJar, name: string): string | undefined {
  const whole = jar.get(name)?.value;
  if (whole) return whole;
  const chunks = jar
    .getAll()
    .map((c) => ({ index: c.name.startsWith(`${name}.`) ? Number(c.name.slice(name.length + 1)) : NaN, ...c }))
    .filter((c) => Number.isInteger(c.index) && c.index >= 0)
    .sort((a, b) => a.index - b.index);
  return chunks.length > 0 ? chunks.map((c) => c.value).join("") : undefined;
}
