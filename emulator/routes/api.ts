// The bearer-token API under /admin/oauth2/api/v1. Every refusal uses the service's documented
// error shape { valid: false, errors: [...] }.
import { Hono } from "hono";
import { z } from "zod";
import { disconnectOrganization, findGrantByAccessToken } from "../grants";
import { readJsonObject } from "../http";
import type { EmulatorDeps } from "../state";
import { API_PREFIX, NOT_JSON_OBJECT, lacksScope, refuse, type ApiEnv } from "./api-common";
import { importRoutes } from "./imports";
import { transactionRoutes } from "./transactions";

export { API_PREFIX } from "./api-common";

// RFC 6750 §2.1: "Bearer" is case-insensitive; the token is a b64token.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

const IntegrationStatusBody = z.object({
  data: z.object({
    status: z.string().trim().min(1, "status must not be empty").max(100),
    units: z.string().regex(/^\d+$/, 'units must be a whole number written as a string, e.g. "5"'),
  }),
});

export function apiRoutes(deps: EmulatorDeps): Hono<ApiEnv> {
  const { state } = deps;
  const app = new Hono<ApiEnv>();

  app.use(`${API_PREFIX}/*`, async (c, next) => {
    const key = `${c.req.method} ${c.req.path}`;
    state.stats.apiCalls[key] = (state.stats.apiCalls[key] ?? 0) + 1;

    const token = BEARER.exec(c.req.header("Authorization") ?? "")?.[1];
    const grant = token === undefined ? undefined : findGrantByAccessToken(state, token);
    if (grant === undefined) {
      c.header("WWW-Authenticate", 'Bearer realm="Playground"');
      return refuse(c, 401, "Unauthorized");
    }
    // Checked before scopes and before the route exists: after a disconnect, every call answers this.
    if (grant.status === "disconnected") return refuse(c, 401, "Disabled integration");
    c.set("grant", grant);
    await next();
  });

  app.get(`${API_PREFIX}/details`, (c) => {
    const denied = lacksScope(c, "basic");
    if (denied) return denied;
    const org = state.organizations.get(c.get("grant").organizationId);
    if (org === undefined) return refuse(c, 404, "Organization not found");
    // A number, as the service answers; clients must not assume a string.
    if (state.settings.service.details === "top_level") return c.json({ id: org.id, name: org.name }, 200);
    return c.json({ organization: { id: org.id, name: org.name } }, 200);
  });

  app.post(`${API_PREFIX}/integrations/status`, async (c) => {
    if (state.settings.service.integration_status === "missing") {
      return refuse(c, 404, `Not found: POST ${c.req.path}`);
    }
    const denied = lacksScope(c, "basic");
    if (denied) return denied;
    const body = await readJsonObject(c);
    if (body === null) return refuse(c, 400, NOT_JSON_OBJECT);
    const parsed = IntegrationStatusBody.safeParse(body);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`);
      return c.json({ valid: false, errors }, 400);
    }
    const grant = c.get("grant");
    const { status, units } = parsed.data.data;
    grant.integrationStatus = status;
    grant.integrationUnits = units;
    if (status.toLowerCase() === "disconnected" && Number(units) === 0) {
      // The same disconnect as the organization's own admin page: the whole integration, not one token.
      disconnectOrganization(state, grant.organizationId, grant.clientId);
    }
    return c.json({ valid: true }, 200);
  });

  importRoutes(app, deps);
  transactionRoutes(app, deps);
  return app;
}
