// Realism in front of every service route (never the /__emulator/ switches): each request is
// answered after a latency drawn for it. An API call is limited in this order (a refused call spends no rate token):
//   1. the grant: an unknown token or a disconnected integration is not limited at all, and the
//      API answers it (401 Unauthorized or Disabled integration), as a service authenticates first;
//   2. the organization's calls at once: one more is refused with 429 and Retry-After: 1;
//   3. both rate buckets together (the caller's own, by token or by client and organization, and
//      the organization's): a token is taken from each only when each has one; otherwise 429 with
//      Retry-After until both could give one, and nothing taken.
// So a refused call takes no token, and one caller ignoring Retry-After starves nobody else.
// Every limited answer, refusals too, carries RateLimit-Policy and RateLimit (ratelimit-headers.ts).
//
// Too many calls at once answer 429, not 503: the refusal is about this client's own pace, which
// 429 names (RFC 6585: "too many requests"), while 503 says the service as a whole cannot answer;
// services that limit concurrency per account answer so too (Stripe's concurrency limiter). The
// Retry-After is 1 second: a call in progress usually ends within it.
import type { Context, MiddlewareHandler } from "hono";
import { findGrantByAccessToken } from "../grants";
import { API_PREFIX } from "../routes/api-common";
import type { EmulatorDeps } from "../state";
import { realismState, type Caller } from "./realism-state";

const SWITCH_PREFIX = "/__emulator/";
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

export function realismMiddleware(deps: EmulatorDeps): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path.startsWith(SWITCH_PREFIX)) return next();
    const realism = realismState(deps);
    const latencyMs = realism.drawLatency();
    const started = Date.now();
    const answerAfterLatency = async <T>(answer: T): Promise<T> => {
      await sleep(latencyMs - (Date.now() - started));
      return answer;
    };
    const caller = c.req.path.startsWith(API_PREFIX) ? callerOf(deps, c) : null;
    if (caller === null) {
      await answerAfterLatency(undefined);
      return next();
    }
    const now = deps.config.now();
    const { organizationId } = caller;
    if (!realism.enter(organizationId)) {
      return answerAfterLatency(tooMany(c, 1_000, realism.headers(caller, now)));
    }
    const waitMs = realism.takeRate(caller, now);
    if (waitMs !== null) {
      realism.leave(organizationId);
      return answerAfterLatency(tooMany(c, waitMs, realism.headers(caller, now)));
    }
    const headers = realism.headers(caller, now);
    try {
      await answerAfterLatency(undefined);
      await next();
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    } finally {
      realism.leave(organizationId);
    }
  };
}

/** The caller of an API call with an active grant; null for any other, which the API refuses. */
function callerOf({ state }: EmulatorDeps, c: Context): Caller | null {
  const token = BEARER.exec(c.req.header("Authorization") ?? "")?.[1];
  const grant = token === undefined ? undefined : findGrantByAccessToken(state, token);
  if (grant === undefined || grant.accessTokenHash === null || grant.status !== "active") return null;
  return { tokenHash: grant.accessTokenHash, clientId: grant.clientId, organizationId: grant.organizationId };
}

function tooMany(c: Context, waitMs: number, headers: Record<string, string>) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return c.json({ valid: false, errors: ["Too many requests"] }, 429, { ...headers, "Retry-After": String(seconds) });
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
