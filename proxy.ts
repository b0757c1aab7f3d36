// Runs before every page: a fresh nonce per request, set in the Content-Security-Policy of both
// the request (Next.js reads it there and puts the nonce on its scripts) and the response; and the
// request id (lib/request-id.ts), passed on to the page as a request header and returned. Also
// before any address with a "%": one that breaks the text rule is refused and logged
// (lib/address-refusal.ts). API routes otherwise do not come here: apiRoute
// (lib/http/access-log.ts) gives them their request id.
import { type NextRequest, NextResponse } from "next/server";
import { newNonce, pagePolicy } from "@/lib/security/csp";
import { REQUEST_ID_HEADER, requestIdFrom } from "@/lib/request-id";
import {
  API_REFUSAL_PATH,
  PAGE_REFUSAL_PATH,
  refusalHeader,
  REFUSED_ADDRESS_HEADER,
  undecodableRouteParam,
} from "@/lib/address-refusal";
import { PATH_HEADER } from "@/lib/return-path";
import { rawPathSegmentProblem, textProblem } from "@/lib/unicode";

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  // Only this proxy says why an address was refused (lib/address-refusal.ts).
  headers.delete(REFUSED_ADDRESS_HEADER);
  if (request.nextUrl.pathname.startsWith("/api/")) return routeAddress(request, headers);
  const problem = addressProblem(request.nextUrl);
  if (problem !== null) headers.set(REFUSED_ADDRESS_HEADER, refusalHeader({ path: request.nextUrl.pathname, problem }));
  // A request with a body comes here only for an address with an escape (config below): it keeps
  // the policy next.config.ts gives such answers, and goes on untouched unless refused.
  if (request.headers.has("content-length") || request.headers.has("transfer-encoding")) {
    return problem === null ? NextResponse.next() : refusePage(request, headers);
  }
  const nonce = newNonce();
  const policy = pagePolicy(nonce, { dev: process.env.NODE_ENV !== "production" });
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", policy);
  const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
  headers.set(REQUEST_ID_HEADER, requestId);
  // The page asked for, so a page that needs a session can send the admin back to it after
  // connecting (lib/auth/session.ts). Set here, never taken from the browser.
  headers.set(PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  // A page address that breaks the one text rule (lib/unicode.ts) names no page: the not-found
  // page answers (404), with this request's policy, before any page reads it, and logs why.
  const response = problem === null ? NextResponse.next({ request: { headers } }) : refusePage(request, headers);
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

/** app/address-refused: the not-found page, and a log line (proxy.ts cannot log). */
function refusePage(request: NextRequest, headers: Headers) {
  return NextResponse.rewrite(new URL(PAGE_REFUSAL_PATH, request.url), { request: { headers } });
}

function addressProblem(url: URL): string | null {
  for (const segment of url.pathname.split("/")) {
    const problem = rawPathSegmentProblem(segment);
    if (problem !== null) return problem;
  }
  for (const [name, value] of url.searchParams) {
    const problem = textProblem(name) ?? textProblem(value);
    if (problem !== null) return problem;
  }
  return null;
}

/** A route's address: one whose dynamic segment does not decode is answered 422 naming the
 *  parameter (Next.js's matcher would throw on it); anything else goes on untouched. */
function routeAddress(request: NextRequest, headers: Headers) {
  const refusal = undecodableRouteParam(request.nextUrl.pathname);
  if (refusal === null) return NextResponse.next();
  headers.set(REFUSED_ADDRESS_HEADER, refusalHeader(refusal));
  return NextResponse.rewrite(new URL(API_REFUSAL_PATH, request.url), { request: { headers } });
}

export const config = {
  matcher: [
    {
      // Pages only: route handlers answer JSON and static files run nothing (both get
      // LOCKED_POLICY from next.config.ts).
      source: "/((?!api/|_next/static/|_next/image).*)",
      // Prefetches come here too (Next.js's advice is to skip them): a prefetch answer can be a
      // whole page's HTML, and every HTML answer carries its policy.
      missing: [
        // A request with a body never comes here: Next.js would buffer the body for the proxy
        // (up to 10 MB each) and wait for all of it. Pages take no bodies; next.config.ts locks
        // such answers down instead.
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    // Any address holding a "%", body or not: a segment that does not decode made Next.js's
    // matcher answer 500 with nothing logged. Next.js buffers the body of these few for the proxy
    // (the ids in real addresses hold no escapes, so a real client seldom sends one).
    { source: "/((?!_next/static/|_next/image).*%.*)" },
  ],
};
