// Read-only test views of what imports did, for assertions the real API cannot make (the service
// shows no split listing). Mounted with the other switches, never in front of fault injection.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { importWithNotificationsJson, splitJson } from "../imports/model";
import type { Organization, Transaction } from "../seed";
import type { EmulatorDeps } from "../state";

export function testViewRoutes({ state, config }: EmulatorDeps): Hono {
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

  // Oldest first: the order they were received and processed in. `started_at` (when processing
  // began) is this view's own: with created_at and completed_at it shows the service's processing
  // span and how much of it the queue stood idle waiting for the app (the benchmarks print both).
  app.get("/__emulator/organizations/:id/imports", (c) => {
    const org = organization(c);
    if (org === undefined) return unknown(c);
    const imports = [...state.imports.values()]
      .filter((job) => job.organizationId === org.id)
      .sort((a, b) => a.id - b.id)
      .map((job) => ({
        ...importWithNotificationsJson(job),
        started_at: job.startedAt === null ? null : new Date(job.startedAt).toISOString(),
      }));
    return c.json({ imports }, 200);
  });

  // A transaction that appears at the service after the app last looked, as another
  // integration's contact_with_transaction import would create it.
  app.post("/__emulator/organizations/:id/transactions", async (c) => {
    const org = organization(c);
    if (org === undefined) return unknown(c);
    const parsed = newTransactionSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ ok: false, error: parsed.error.issues.map((i) => i.message).join("; ") }, 400);
    const all = [...state.organizations.values()].flatMap((o) => o.transactions);
    // A deleted transaction's id is taken too: the service never gives an id twice.
    const deleted = (id: string) => [...state.organizations.values()].some((o) => o.deletedIds.has(id));
    const taken = (id: string | null) =>
      id !== null && (all.some((t) => t.transaction_id === id || t.external_id === id) || deleted(id));
    if (taken(parsed.data.transaction_id) || taken(parsed.data.external_id)) {
      return c.json({ ok: false, error: "That transaction id or external id is already taken" }, 409);
    }
    const base = org.transactions[0];
    const transaction: Transaction = {
      transaction_id: parsed.data.transaction_id,
      external_id: parsed.data.external_id,
      amount_in_cents: parsed.data.amount_in_cents,
      currency: "USD",
      transaction_time: parsed.data.transaction_time,
      campaign: base?.campaign ?? "General",
      campaign_id: base?.campaign_id ?? "",
      fund: "General",
      fund_id: base?.fund_id ?? "",
      contact_name: parsed.data.contact_name,
      transaction_type: "cash",
      sync_version: ++org.syncVersion,
      changed_ms: config.now(),
    };
    org.transactions.push(transaction);
    return c.json({ ok: true, transaction }, 201);
  });

  return app;
}

const newTransactionSchema = z.object({
  transaction_id: z.string().regex(/^\S+$/),
  external_id: z.string().regex(/^\S+$/).nullable(),
  amount_in_cents: z.number().int().positive(),
  transaction_time: z.iso.datetime(),
  contact_name: z.string().min(1),
});
