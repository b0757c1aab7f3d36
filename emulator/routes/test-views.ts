// Read-only test views of what imports did, for assertions the real API cannot make (the service
// shows no split listing). Mounted with the other switches, never in front of fault injection.
import { Hono, type Context } from "hono";
import { importWithNotificationsJson, splitJson } from "../imports/model";
import type { Organization } from "../seed";
import type { EmulatorDeps } from "../state";

export function testViewRoutes({ state }: EmulatorDeps): Hono {
  const app = new Hono();

  const organization = (c: Context): Organization | undefined => {
    const id = c.req.param("id") ?? "";
    return /^\d+$/.test(id) ? state.organizations.get(Number(id)) : undefined;
  };
  const unknown = (c: Context) => c.json({ ok: false, error: `Unknown organization ${c.req.param("id") ?? ""}` }, 404);

  app.get("/__emulator/organizations/:id/splits", (c) => {
    const org = organization(c);
    if (org === undefined) return unknown(c);
    return c.json({ splits: (state.splits.get(org.id) ?? []).map(splitJson) }, 200);
  });

  // Oldest first: the order they were received and processed in.
  app.get("/__emulator/organizations/:id/imports", (c) => {
    const org = organization(c);
    if (org === undefined) return unknown(c);
    const imports = [...state.imports.values()]
      .filter((job) => job.organizationId === org.id)
      .sort((a, b) => a.id - b.id)
      .map(importWithNotificationsJson);
    return c.json({ imports }, 200);
  });

  return app;
}
