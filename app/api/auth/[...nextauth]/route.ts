import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { withAccessLog } from "@/lib/http/access-log";
import { errorResponse } from "@/lib/http/errors";
import { withBoundedBody } from "@/lib/http/bounded-request";
import { recordConnectFailure, trackConnectAttempt } from "@/lib/auth/connect-failure";
import { callbackIssuers, isForeignIssuer } from "@/lib/auth/issuer";
import { getAuthOptions } from "@/lib/auth/options";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(incoming: NextRequest, context: Context): Promise<Response> {
  let req: NextRequest;
  try {
    req = await withBoundedBody(incoming);
  } catch (error) {
    return errorResponse(error);
  }
  const { nextauth } = await context.params;
  const isCallback = nextauth[0] === "callback";
  // Judged here on every value, before next-auth reads one of them (it reads the last): a foreign
  // or repeated `iss` ends the callback, an error answer included (a foreign "denied" is not ours).
  if (isCallback && isForeignIssuer(await callbackIssuers(req), getEnv())) {
    return refusedCallback(req, "issuer_mismatch");
  }
  const { result, failure } = await trackConnectAttempt(() => {
    const refused = isCallback ? req.nextUrl.searchParams.get("error") : null;
    if (refused) recordConnectFailure(refused === "access_denied" ? "denied" : "authorization_refused");
    return NextAuth(req, context, getAuthOptions()) as Promise<Response>;
  });
  if (!isCallback) return result;
  // The callback address carries the code: it must not leak through Referer.
  result.headers.set("Referrer-Policy", "no-referrer");
  // next-auth sends a failed callback to its sign-in or error page with a generic code; send it
  // to ours with the precise reason instead.
  const location = result.headers.get("location");
  if (location && new URL(location, req.nextUrl).searchParams.has("error")) {
    result.headers.set("location", connectErrorUrl(req, failure ?? "unknown"));
  }
  return result;
}

function connectErrorUrl(req: NextRequest, reason: string): string {
  const url = new URL("/connect/error", req.nextUrl.origin);
  url.searchParams.set("reason", reason);
  return url.toString();
}

/** Ends a callback without next-auth: its code is never redeemed. */
function refusedCallback(req: NextRequest, reason: "issuer_mismatch"): Response {
  return new Response(null, {
    status: 302,
    headers: { Location: connectErrorUrl(req, reason), "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" },
  });
}

// An access line and a request id like every API route (the query, which holds the code, never logged).
const routed = withAccessLog(handler);
export { routed as GET, routed as POST };
