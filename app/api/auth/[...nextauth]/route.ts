import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { errorResponse } from "@/lib/api/errors";
import { withBoundedBody } from "@/lib/auth/bounded-request";
import { recordConnectFailure, trackConnectAttempt } from "@/lib/auth/connect-failure";
import { isForeignIssuer } from "@/lib/auth/issuer";
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
  const { result, failure } = await trackConnectAttempt(() => {
    // An error answer is judged by its issuer too: a foreign server's "denied" is not ours.
    if (isCallback && isForeignIssuer(req.nextUrl.searchParams.get("iss") ?? undefined, getEnv())) {
      recordConnectFailure("issuer_mismatch");
    }
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
    const url = new URL("/connect/error", req.nextUrl.origin);
    url.searchParams.set("reason", failure ?? "unknown");
    result.headers.set("location", url.toString());
  }
  return result;
}

export { handler as GET, handler as POST };
