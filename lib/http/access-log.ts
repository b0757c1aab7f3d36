// Around every API route: the request id (accepted from `x-request-id` when it passes the rule of
// lib/request-id.ts, else made), returned in the answer's `x-request-id`; the log context, so every
// line the request writes carries requestId, method and route; then one access line
// (`http.request`: method, route pattern, status, ms, organization id) and the HTTP metrics.
// The route is the pattern (/api/templates/[id]), never the address: no ids, no query string.
import "server-only";
import { log, withLogContext } from "@/lib/log";
import { metrics } from "@/lib/metrics/registry";
import { REQUEST_ID_HEADER, requestIdFrom } from "@/lib/request-id";
import { errorResponse } from "./errors";

type Params = Record<string, string | string[] | undefined>;
export type RouteContext = { params: Promise<Params> };

// Routes outside apiRoute use it too (next-auth's, the metrics); the health checks do not: a
// load balancer's probe every few seconds would drown the access lines.

/** What the route learns that its access line reports: the organization, once the session names it. */
export type Seen = { organizationId?: string };

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function withAccessLog<R extends Request, C extends RouteContext = RouteContext>(
  handler: (request: R, context: C, seen: Seen) => Promise<Response>,
) {
  return async (request: R, context: C): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
    const method = METHODS.has(request.method) ? request.method : "OTHER";
    const params = await Promise.resolve(context?.params).catch(() => undefined);
    const route = routePattern(new URL(request.url).pathname, params);
    const seen: Seen = {};
    return withLogContext({ requestId, method, route }, async () => {
      let response: Response;
      try {
        response = await handler(request, context, seen);
      } catch (error) {
        response = errorResponse(error);
      }
      const answered = withHeader(response, REQUEST_ID_HEADER, requestId);
      const seconds = (performance.now() - started) / 1000;
      const status = answered.status;
      log.info("http.request", {
        method,
        route,
        status,
        ms: Math.round(seconds * 1000),
        organizationId: seen.organizationId,
      });
      metrics().httpRequests.inc({ method, route, status: String(status) });
      metrics().httpRequestSeconds.observe({ method, route }, seconds);
      return answered;
    });
  };
}

/** The answer with `name` set; a copy when its headers are immutable (Response.redirect). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/**
 * "/api/templates/4f1…" with params { id: "4f1…" } → "/api/templates/[id]"; a catch-all's
 * segments become "[...name]". When a param's value cannot be found in the path (an encoding
 * the comparison misses), "unmatched": the label set stays bounded and no id gets into it.
 */
export function routePattern(pathname: string, params: Params | undefined): string {
  const segments = pathname.split("/").map(decoded);
  const left = new Map(Object.entries(params ?? {}).filter(([, value]) => value !== undefined && value.length > 0));
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const found = [...left].find(([, value]) => matchesAt(segments, i, value!));
    if (!found) {
      out.push(segments[i]!);
      continue;
    }
    const [name, value] = found;
    left.delete(name);
    if (Array.isArray(value)) {
      out.push(`[...${name}]`);
      i += value.length - 1;
    } else out.push(`[${name}]`);
  }
  return left.size > 0 ? "unmatched" : out.join("/");
}

function matchesAt(segments: string[], at: number, value: string | string[]): boolean {
  if (!Array.isArray(value)) return segments[at] === value;
  return value.length > 0 && value.every((part, k) => segments[at + k] === part);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
