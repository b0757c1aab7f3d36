// Fault injection in front of every service route (never in front of the test switches, so a
// test can always clear what it set).
import type { Context, MiddlewareHandler } from "hono";
import type { EmulatorState, FailFault } from "../state";

export const SWITCH_PREFIX = "/__emulator/";

export function faultInjection(state: EmulatorState): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path.startsWith(SWITCH_PREFIX)) return next();
    const { latencyMs, fail } = state.faults;
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));

    if (fail === null || (fail.pathPrefix !== null && !c.req.path.startsWith(fail.pathPrefix))) return next();
    fail.remaining--;
    if (fail.remaining <= 0) state.faults.fail = null;
    state.stats.faultsServed++;
    if (fail.when === "before") return faultResponse(c, fail);

    // "after": the request takes full effect (an import is created and queued), but its answer
    // is lost, so a client's retry of a request that did succeed can be tested.
    await next();
    c.res = undefined;
    c.res = faultResponse(c, fail);
  };
}

function faultResponse(c: Context, fail: FailFault): Response {
  if (fail.status === 429) {
    return c.json({ valid: false, errors: ["Too many requests (emulated fault)"] }, 429, {
      "Retry-After": String(fail.retryAfter ?? 1),
    });
  }
  return c.json({ valid: false, errors: ["Internal server error (emulated fault)"] }, 500);
}
