// Runs before every page: a fresh nonce per request, set in the Content-Security-Policy of both
// the request (Next.js reads it there and puts the nonce on its scripts) and the response; and the
// request id (lib/request-id.ts), passed on to the page as a request header and returned.
// API routes do not come here: apiRoute (lib/http/access-log.ts) gives them theirs.
import { type NextRequest, NextResponse } from "next/server";
import { newNonce, pagePolicy } from "@/lib/security/csp";
import { REQUEST_ID_HEADER, requestIdFrom } from "@/lib/request-id";
import { PATH_HEADER } from "@/lib/return-path";
import { pathSegmentProblem, textProblem } from "@/lib/unicode";

export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const policy = pagePolicy(nonce, { dev: process.env.NODE_ENV !== "production" });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", policy);
  const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
  headers.set(REQUEST_ID_HEADER, requestId);
  // The page asked for, so a page that needs a session can send the admin back to it after
  // connecting (lib/auth/session.ts). Set here, never taken from the browser.
  headers.set(PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  // A page address that breaks the one text rule (lib/unicode.ts) names no page: the not-found
  // page answers (404), with this request's policy, before any page reads it.
  const response = storableAddress(request.nextUrl)
    ? NextResponse.next({ request: { headers } })
    : NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url), { request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

/** No page lives here, so a rewrite to it renders app/not-found.tsx with status 404. */
const NOT_FOUND_PATH = "/_address-not-found";

function storableAddress(url: URL): boolean {
  if (url.pathname.split("/").some((segment) => pathSegmentProblem(segment) !== null)) return false;
  for (const [name, value] of url.searchParams) {
    if (textProblem(name) !== null || textProblem(value) !== null) return false;
  }
  return true;
}

export const config = {
  matcher: [
    {
      // Pages only: route handlers answer JSON and static files run nothing (both get
      // LOCKED_POLICY from next.config.ts).
      source: "/((?!api/|_next/static/|_next/image).*)",
      // Prefetches come here too (Next.js's advice is to skip them): a prefetch answer can be a
      // whole page's HTML, and every HTML answer carries its policy (issue 24, item 6).
      missing: [
        // A request with a body never comes here: Next.js would buffer the body for the proxy
        // (up to 10 MB each) and wait for all of it. Pages take no bodies; next.config.ts locks
        // such answers down instead.
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
  ],
};
