// Fault injection in front of every service route (never in front of the test switches, so a
// test can always clear what it set).
import type { MiddlewareHandler } from "hono";
import type { EmulatorState } from "../state";

export const SWITCH_PREFIX = "/__emulator/";

export function faultInjection(state: EmulatorState): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path.startsWith(SWITCH_PREFIX)) return next();
    const { latencyMs, fail } = state.faults;
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));

    if (fail !== null && (fail.pathPrefix === null || c.req.path.startsWith(fail.pathPrefix))) {
      fail.remaining--;
      if (fail.remaining <= 0) state.faults.fail = null;
      state.stats.faultsServed++;
      if (fail.status === 429) {
        c.header("Retry-After", String(fail.retryAfter ?? 1));
        return c.json({ valid: false, errors: ["Too many requests (emulated fault)"] }, 429);
      }
      return c.json({ valid: false, errors: ["Internal server error (emulated fault)"] }, 500);
    }
    return next();
  };
}
