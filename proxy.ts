// Runs before every page: a fresh nonce per request, set in the Content-Security-Policy of both
// the request (Next.js reads it there and puts the nonce on its scripts) and the response.
import { type NextRequest, NextResponse } from "next/server";
import { newNonce, pagePolicy } from "@/lib/security/csp";
import { PATH_HEADER } from "@/lib/return-path";

export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const policy = pagePolicy(nonce, { dev: process.env.NODE_ENV !== "production" });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", policy);
  // The page asked for, so a page that needs a session can send the admin back to it after
  // connecting (lib/auth/session.ts). Set here, never taken from the browser.
  headers.set(PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: route handlers answer JSON and static files run nothing (both get
      // LOCKED_POLICY from next.config.ts).
      source: "/((?!api/|_next/static/|_next/image).*)",
      missing: [
        // Prefetches carry no document (Next.js's advice).
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
        // A request with a body never comes here: Next.js would buffer the body for the proxy
        // (up to 10 MB each) and wait for all of it. Pages take no bodies; next.config.ts locks
        // such answers down instead.
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
  ],
};
