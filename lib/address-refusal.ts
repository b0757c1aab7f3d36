// An address whose path breaks the one text rule (lib/unicode.ts) is refused by proxy.ts before
// Next.js matches it to a route: a segment that does not decode made Next.js's own matcher throw
// (a 500 with no headers and nothing logged). proxy.ts cannot log (it loads no
// server-only module), so it rewrites the request to a refusal that can: app/address-refused
// (pages: 404) and app/api/address-refused (routes: 422 naming the parameter), telling it why in
// REFUSED_ADDRESS_HEADER. Shared: proxy.ts loads it.
import { decodedPathSegment, UNDECODABLE } from "./unicode";

/**
 * Every route handler with a dynamic segment, as its folder under app/ (so the refusal can name
 * the parameter as the route names it). tests/unit/address-refusal.test.ts fails when app/ has
 * one that is not listed.
 */
export const API_DYNAMIC_ROUTES = [
  "/api/auth/[...nextauth]",
  "/api/bulk/[id]",
  "/api/bulk/[id]/errors.csv",
  "/api/bulk/[id]/items",
  "/api/bulk/[id]/names",
  "/api/bulk/[id]/ready",
  "/api/bulk/[id]/submit",
  "/api/inbox/[id]/choose",
  "/api/notifications/[id]",
  "/api/rules/[id]",
  "/api/submissions/[id]",
  "/api/submissions/[id]/progress",
  "/api/submissions/[id]/retry",
  "/api/submissions/[id]/verify",
  "/api/templates/[id]",
  "/api/transactions/[id]",
  "/api/transactions/[id]/editor",
] as const;

/** Where proxy.ts sends a refused page address, and a refused route address. */
export const PAGE_REFUSAL_PATH = "/address-refused";
export const API_REFUSAL_PATH = "/api/address-refused";

/** Set by proxy.ts only (it drops any copy the request brought): why the address was refused. */
export const REFUSED_ADDRESS_HEADER = "x-apportion-refused-address";

export type AddressRefusal = {
  /** The path as it arrived, percent-encoded (ASCII), cut to PATH_SHOWN characters. */
  path: string;
  /** What is wrong, worded to follow "The <param>" (lib/unicode.ts). */
  problem: string;
  /** A route's dynamic parameter ("id"); pages have none. */
  param?: string;
};

const PATH_SHOWN = 300;

export function refusalHeader(refusal: AddressRefusal): string {
  return JSON.stringify({ ...refusal, path: refusal.path.slice(0, PATH_SHOWN) });
}

/** The refusal proxy.ts described, or null when the header is missing or not one of its own. */
export function readRefusalHeader(value: string | null): AddressRefusal | null {
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value) as Partial<AddressRefusal> | null;
    if (typeof parsed?.path !== "string" || typeof parsed.problem !== "string") return null;
    if (parsed.param !== undefined && typeof parsed.param !== "string") return null;
    return { path: parsed.path.slice(0, PATH_SHOWN), problem: parsed.problem, param: parsed.param };
  } catch {
    return null;
  }
}

/**
 * For a route's path as it arrived: the refusal when a segment that a route's dynamic parameter
 * would take does not decode, naming that parameter; null when every segment decodes or no route
 * has that shape (Next.js then answers 404 itself, without decoding anything).
 */
export function undecodableRouteParam(pathname: string): AddressRefusal | null {
  const segments = pathname.split("/").slice(1);
  if (segments.every((segment) => decodedPathSegment(segment) !== null)) return null;
  for (const route of API_DYNAMIC_ROUTES) {
    const param = paramOfUndecodable(route.split("/").slice(1), segments);
    if (param !== null) return { path: pathname, problem: UNDECODABLE, param };
  }
  return null;
}

/** The parameter taking the first undecodable segment, if `segments` match `pattern`; else null. */
function paramOfUndecodable(pattern: string[], segments: string[]): string | null {
  let found: string | null = null;
  for (const [index, part] of pattern.entries()) {
    const catchAll = /^\[\.\.\.(\w+)\]$/.exec(part);
    const single = /^\[(\w+)\]$/.exec(part);
    if (catchAll) {
      // The rest of the path, one segment at least (the catch-all is the last part).
      const rest = segments.slice(index);
      if (rest.length === 0) return null;
      return found ?? (rest.some((s) => decodedPathSegment(s) === null) ? catchAll[1]! : null);
    }
    const segment = segments[index];
    if (segment === undefined) return null;
    if (single) {
      if (found === null && decodedPathSegment(segment) === null) found = single[1]!;
    } else if (decodedPathSegment(segment) !== part) return null;
  }
  return segments.length === pattern.length ? found : null;
}
