// Fault injection in front of every service route (never in front of the test switches, so a
// test can always clear what it set). Order: the global latency, then the legacy `fail`, then
// the first rule that matches the request and fires.
import type { Context, MiddlewareHandler, Next } from "hono";
import { mulberry32 } from "../prng";
import type { EmulatorState, FaultRule, Faults } from "../state";
import { holdConnection, holdRequest, NO_ANSWER, resetConnection, socketOf } from "./fault-connection";

export const SWITCH_PREFIX = "/__emulator/";

type When = "before" | "after";
type StatusFault = { status: 500 | 502 | 503 | 429; retryAfter: number | null };

export function faultInjection(state: EmulatorState): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path.startsWith(SWITCH_PREFIX)) return next();
    // Kept for the whole request: a switch call during the latency must not be half-applied.
    const faults = state.faults;
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);

    const { fail } = faults;
    if (fail !== null && (fail.pathPrefix === null || c.req.path.startsWith(fail.pathPrefix))) {
      fail.remaining--;
      if (fail.remaining <= 0) faults.fail = null;
      state.stats.faultsServed++;
      return answerInstead(c, next, fail.when, () => statusAnswer(c, fail));
    }

    const rule = firingRule(faults, c.req.method, c.req.path);
    if (rule === null) return next();
    rule.fired++;
    state.stats.faultsServed++;
    switch (rule.fault) {
      case "status":
        return answerInstead(c, next, rule.when, () => statusAnswer(c, rule));
      case "reset":
        return answerInstead(c, next, rule.when, () => dropConnection(c));
      case "hang":
        return hang(c);
      case "latency":
        await sleep(rule.latencyMs);
        return next();
    }
  };
}

/**
 * The first rule that matches and wins its draw. Only a rule that matches (and is not used up)
 * draws, so adding a rule for other paths does not change which requests an existing one hits.
 */
function firingRule(faults: Faults, method: string, path: string): FaultRule | null {
  for (const rule of faults.rules) {
    if (rule.count !== null && rule.fired >= rule.count) continue;
    if (rule.pathPrefix !== null && !path.startsWith(rule.pathPrefix)) continue;
    if (rule.method !== null && rule.method !== method) continue;
    const draw = mulberry32(faults.randomState);
    faults.randomState = draw.state;
    if (draw.value < rule.rate) return rule;
  }
  return null;
}

async function answerInstead(c: Context, next: Next, when: When, answer: () => Response): Promise<Response | void> {
  if (when === "before") return answer();
  // "after": the request takes full effect (an import is created and queued), but its answer is
  // lost, so a client's retry of a request that did succeed can be tested.
  await next();
  c.res = undefined;
  c.res = answer();
}

function statusAnswer(c: Context, fault: StatusFault): Response {
  const errors = (message: string) => ({ valid: false, errors: [`${message} (emulated fault)`] });
  switch (fault.status) {
    case 429:
      return c.json(errors("Too many requests"), 429, { "Retry-After": String(fault.retryAfter ?? 1) });
    case 502:
      return c.json(errors("Bad gateway"), 502);
    case 503:
      return c.json(errors("Service unavailable"), 503);
    case 500:
      return c.json(errors("Internal server error"), 500);
  }
}

function dropConnection(c: Context): Response {
  const socket = socketOf(c.env);
  // In-process requests (app.request) have no connection to drop: the nearest thing is a 502.
  if (socket === null) return c.json({ valid: false, errors: ["Connection reset (emulated fault)"] }, 502);
  resetConnection(socket);
  return NO_ANSWER;
}

async function hang(c: Context): Promise<Response> {
  const socket = socketOf(c.env);
  if (socket !== null) {
    await holdConnection(socket);
    return NO_ANSWER;
  }
  await holdRequest(c.req.raw.signal);
  return c.json({ valid: false, errors: ["Gateway timeout (emulated hang)"] }, 504);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
