// The request id: one per request, so every log line a request writes can be found from the id
// its answer carries (`x-request-id`). One sent by the caller (a load balancer, a proxy, a client
// retrying) is kept when it passes a strict rule, so the same id follows the request across
// systems; anything else (too long, other characters: a line-breaking or log-forging value) is
// replaced by a fresh UUID. Shared: proxy.ts (pages) and lib/http/route.ts (API routes) use it.

export const REQUEST_ID_HEADER = "x-request-id";

/** 8 to 64 letters, digits, dots, dashes, underscores or colons: UUIDs, ULIDs, trace ids. */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,64}$/;

/** The caller's id when it passes the rule, else a fresh one. */
export function requestIdFrom(offered: string | null | undefined): string {
  return offered && ACCEPTED.test(offered) ? offered : crypto.randomUUID();
}
