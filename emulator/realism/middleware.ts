// Realism in front of every service route (never the /__emulator/ switches): each request is
// answered after a latency drawn for it; an API call over its access token's or organization's
// rate, or over its organization's limit of calls at once, is refused with 429 and Retry-After.
//
// Too many calls at once answer 429, not 503: the refusal is about this client's own pace, which
// 429 names (RFC 6585: "too many requests"), while 503 says the service as a whole cannot answer;
// services that limit concurrency per account answer so too (Stripe's concurrency limiter). The
// Retry-After is 1 second: a call in progress usually ends within it.
import type { Context, MiddlewareHandler } from "hono";
import { findGrantByAccessToken } from "../grants";
import { API_PREFIX } from "../routes/api-common";
import type { EmulatorDeps } from "../state";
import { realismState } from "./realism-state";

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
    const waitMs = realism.takeRate(caller.tokenHash, caller.organizationId, deps.config.now());
    if (waitMs !== null) return answerAfterLatency(tooMany(c, waitMs));
    if (!realism.enter(caller.organizationId)) return answerAfterLatency(tooMany(c, 1_000));
    try {
      await answerAfterLatency(undefined);
      return await next();
    } finally {
      realism.leave(caller.organizationId);
    }
  };
}

function callerOf({ state }: EmulatorDeps, c: Context): { tokenHash: string; organizationId: number } | null {
  const token = BEARER.exec(c.req.header("Authorization") ?? "")?.[1];
  const grant = token === undefined ? undefined : findGrantByAccessToken(state, token);
  if (grant === undefined || grant.accessTokenHash === null) return null;
  return { tokenHash: grant.accessTokenHash, organizationId: grant.organizationId };
}

function tooMany(c: Context, waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return c.json({ valid: false, errors: ["Too many requests"] }, 429, { "Retry-After": String(seconds) });
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
