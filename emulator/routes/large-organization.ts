// Test switches that make an organization large, and change or delete some of its gifts later, so
// the app's sync can be tested and measured at scale (README, "A large organization").
import { Hono, type Context } from "hono";
import { z } from "zod";
import { deleteTransactions } from "../delete-transactions";
import { MAX_CHANGED, MAX_GENERATED, changeTransactions, generateTransactions } from "../generate";
import type { EmulatorDeps } from "../state";

const GenerateBody = z.object({
  count: z.number().int().min(1).max(MAX_GENERATED),
  seed: z.number().int().optional().default(1),
  years: z.number().int().min(1).max(30).optional().default(5),
  /** Every gift at this one instant (a batch entered at once), instead of spread over `years`. */
  at: z.iso.datetime().optional(),
});
const ChangeBody = z.object({
  count: z.number().int().min(1).max(MAX_CHANGED),
  seed: z.number().int().optional().default(1),
});

/** Either `count` gifts chosen by the seed, or the gifts named by `ids`. */
const DeleteBody = z.union([
  z.object({ count: z.number().int().min(1).max(MAX_CHANGED), seed: z.number().int().optional().default(1) }).strict(),
  z.object({ ids: z.array(z.string().min(1)).min(1).max(MAX_CHANGED) }).strict(),
]);

export function largeOrganizationRoutes({ state, config }: EmulatorDeps): Hono {
  const app = new Hono();
  const organization = (c: Context) => {
    const id = c.req.param("id") ?? "";
    return /^\d+$/.test(id) ? state.organizations.get(Number(id)) : undefined;
  };
  const refuse = (c: Context, status: 400 | 404, error: string) => c.json({ ok: false, error }, status);
  const parse = async <T>(c: Context, schema: z.ZodType<T>) => {
    const parsed = schema.safeParse(await c.req.json().catch(() => null));
    return parsed.success
      ? { data: parsed.data }
      : { error: parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ") };
  };

  app.post("/__emulator/organizations/:id/generate", async (c) => {
    const org = organization(c);
    if (org === undefined) return refuse(c, 404, `Unknown organization ${c.req.param("id") ?? ""}`);
    const body = await parse(c, GenerateBody);
    if (body.error !== undefined) return refuse(c, 400, body.error);
    if (org.transactions.length + body.data.count > MAX_GENERATED) {
      return refuse(c, 400, `An organization holds at most ${MAX_GENERATED} transactions`);
    }
    const added = generateTransactions(org, { ...body.data, nowMs: config.now() });
    return c.json({ ok: true, added, transactions: org.transactions.length }, 200);
  });

  app.post("/__emulator/organizations/:id/change", async (c) => {
    const org = organization(c);
    if (org === undefined) return refuse(c, 404, `Unknown organization ${c.req.param("id") ?? ""}`);
    const body = await parse(c, ChangeBody);
    if (body.error !== undefined) return refuse(c, 400, body.error);
    const changed = changeTransactions(org, { ...body.data, nowMs: config.now() });
    return c.json({ ok: true, changed }, 200);
  });

  app.post("/__emulator/organizations/:id/delete", async (c) => {
    const org = organization(c);
    if (org === undefined) return refuse(c, 404, `Unknown organization ${c.req.param("id") ?? ""}`);
    const body = await parse(c, DeleteBody);
    if (body.error !== undefined) return refuse(c, 400, `${body.error} (send { count, seed? } or { ids })`);
    const outcome = deleteTransactions(state, org, body.data);
    if ("unknown" in outcome) {
      return refuse(c, 400, `Not transactions of organization ${org.id}: ${outcome.unknown.join(", ")}; none deleted`);
    }
    return c.json({ ok: true, deleted: outcome.deleted, transactions: org.transactions.length }, 200);
  });

  return app;
}
