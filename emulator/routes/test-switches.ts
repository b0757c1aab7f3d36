// Test-only switches under /__emulator/. They let tests and developers put the service into the
// states the app must survive (disconnected, revoked tokens, outages) without a browser.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { configuredSettings } from "../config";
import { disconnectOrganization, revokeAccessTokens, revokeRefreshTokens } from "../grants";
import { readJsonObject } from "../http";
import { noFaults, resetState, summarizeState, type EmulatorDeps } from "../state";
import { SettingsBody, settingsFromBody, settingsJson } from "../settings";
import { FaultsBody, faultsFromBody } from "./fault-settings";

const OrganizationBody = z.object({
  organization_id: z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(Number),
});

function badRequest(c: Context, error: z.ZodError | string) {
  const message =
    typeof error === "string"
      ? error
      : error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ");
  return c.json({ ok: false, error: message }, 400);
}

/** Health is always mounted: a launcher may wait on it even when the other switches are off. */
export function healthRoute(): Hono {
  const app = new Hono();
  app.get("/__emulator/health", (c) => c.json({ ok: true }, 200));
  return app;
}

export function testSwitchRoutes({ state, config }: EmulatorDeps): Hono {
  const app = new Hono();

  app.post("/__emulator/reset", (c) => {
    resetState(state, configuredSettings(config));
    return c.json({ ok: true }, 200);
  });

  app.get("/__emulator/state", (c) => c.json(summarizeState(state), 200));

  // The three organization switches share one body and differ only in what they do to the grants.
  const organizationSwitches = {
    disconnect: (id: number) => ({ disconnected_grants: disconnectOrganization(state, id) }),
    "revoke-access-tokens": (id: number) => ({
      revoked_access_tokens: revokeAccessTokens(state, id),
    }),
    "revoke-refresh-tokens": (id: number) => ({
      revoked_refresh_tokens: revokeRefreshTokens(state, id),
    }),
  };
  for (const [name, apply] of Object.entries(organizationSwitches)) {
    app.post(`/__emulator/${name}`, async (c) => {
      const body = await readJsonObject(c);
      if (body === null) return badRequest(c, "The body must be a JSON object");
      const parsed = OrganizationBody.safeParse(body);
      if (!parsed.success) return badRequest(c, parsed.error);
      const id = parsed.data.organization_id;
      if (!state.organizations.has(id)) return c.json({ ok: false, error: `Unknown organization ${id}` }, 404);
      return c.json({ ok: true, ...apply(id) }, 200);
    });
  }

  // Each call replaces the whole fault setting (and restarts the PRNG from the seed).
  app.post("/__emulator/faults", async (c) => {
    const body = await readJsonObject(c);
    if (body === null) return badRequest(c, "The body must be a JSON object");
    const parsed = FaultsBody.safeParse(body);
    if (!parsed.success) return badRequest(c, parsed.error);
    state.faults = faultsFromBody(parsed.data);
    return c.json({ ok: true, faults: state.faults }, 200);
  });

  app.delete("/__emulator/faults", (c) => {
    state.faults = noFaults();
    return c.json({ ok: true, faults: state.faults }, 200);
  });

  // Behaviour settings (settings.ts). Like the faults, each call replaces the whole setting: what
  // the body leaves out returns to its configured default, so a test states all it relies on.
  app.post("/__emulator/settings", async (c) => {
    const body = await readJsonObject(c);
    if (body === null) return badRequest(c, "The body must be a JSON object");
    const parsed = SettingsBody.safeParse(body);
    if (!parsed.success) return badRequest(c, parsed.error);
    state.settings = settingsFromBody(parsed.data, configuredSettings(config));
    return c.json({ ok: true, settings: settingsJson(state.settings) }, 200);
  });

  return app;
}
