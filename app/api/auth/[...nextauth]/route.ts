import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { recordConnectFailure, trackConnectAttempt } from "@/lib/auth/connect-failure";
import { getAuthOptions } from "@/lib/auth/options";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(req: NextRequest, context: Context): Promise<Response> {
  const { nextauth } = await context.params;
  const isCallback = nextauth[0] === "callback";
  if (isCallback) {
    const refused = req.nextUrl.searchParams.get("error");
    if (refused) recordConnectFailure(refused === "access_denied" ? "denied" : "authorization_refused");
  }
  const { result, failure } = await trackConnectAttempt(
    () => NextAuth(req, context, getAuthOptions()) as Promise<Response>,
  );
  if (!isCallback) return result;
  // The callback address carries the code: it must not leak through Referer.
  result.headers.set("Referrer-Policy", "no-referrer");
  const location = result.headers.get("location");
  if (location?.includes("/connect/error")) {
    const url = new URL(location);
    url.searchParams.set("reason", failure ?? "unknown");
    result.headers.set("location", url.toString());
  }
  return result;
}

export { handler as GET, handler as POST };
