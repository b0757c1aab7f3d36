// What every API route shares: the path prefix, the grant set by the bearer check, the service's
// refusal shape { valid: false, errors: [...] } and the scope check.
import type { Context } from "hono";
import type { Grant, Scope } from "../state";

export type ApiEnv = { Variables: { grant: Grant } };

export const API_PREFIX = "/admin/oauth2/api/v1";

export function refuse(c: Context, status: 400 | 401 | 403 | 404, message: string) {
  return c.json({ valid: false, errors: [message] }, status);
}

export function refuseAll(c: Context, errors: string[]) {
  return c.json({ valid: false, errors }, 400);
}

/** A 403 answer when the grant lacks the scope, else null. */
export function lacksScope(c: Context<ApiEnv>, scope: Scope) {
  if (c.get("grant").scopes.includes(scope)) return null;
  c.header("WWW-Authenticate", `Bearer realm="Playground", error="insufficient_scope", scope="${scope}"`);
  return refuse(c, 403, `Insufficient scope: ${scope} required`);
}

export const NOT_JSON_OBJECT = "The request body must be a JSON object (Content-Type: application/json)";
