// Test switches of the realism (README, "Realism"): GET shows it with its counts, POST replaces it
// (what the body leaves out returns to the configured value), and many organizations at once, each
// with an admin, seeded gifts and tokens, for benchmarks that need no browser.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { readJsonObject } from "../http";
import type { EmulatorDeps } from "../state";
import { createOrganizations, MAX_ORGANIZATIONS, MAX_GIFTS_EACH } from "./organizations";
import { RealismBody, realismFromBody, realismJson } from "./realism";
import { realismState, replaceRealism } from "./realism-state";

const OrganizationsBody = z
  .object({
    count: z.number().int().min(1).max(MAX_ORGANIZATIONS),
    seed: z.number().int().optional().default(1),
    /** How many gifts each organization gets: drawn between min and max, evenly or evenly in log. */
    gifts: z
      .object({
        min: z.number().int().min(0).max(MAX_GIFTS_EACH),
        max: z.number().int().min(0).max(MAX_GIFTS_EACH),
        distribution: z.enum(["uniform", "log_uniform"]).optional().default("uniform"),
      })
      .strict()
      .refine((g) => g.max >= g.min, { message: "max must be at least min" })
      .refine((g) => g.distribution === "uniform" || g.min >= 1, { message: "log_uniform needs min ≥ 1" }),
    years: z.number().int().min(1).max(30).optional().default(5),
  })
  .strict();

function badRequest(c: Context, error: z.ZodError | string) {
  const message =
    typeof error === "string"
      ? error
      : error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
  return c.json({ ok: false, error: message }, 400);
}

export function realismRoutes(deps: EmulatorDeps): Hono {
  const app = new Hono();

  app.get("/__emulator/realism", (c) => {
    const current = realismState(deps);
    return c.json({ ok: true, realism: realismJson(current.realism), stats: current.stats }, 200);
  });

  app.post("/__emulator/realism", async (c) => {
    const body = await readJsonObject(c);
    if (body === null) return badRequest(c, "The body must be a JSON object");
    const parsed = RealismBody.safeParse(body);
    if (!parsed.success) return badRequest(c, parsed.error);
    const next = replaceRealism(deps, realismFromBody(parsed.data, deps.config.realism));
    return c.json({ ok: true, realism: realismJson(next.realism) }, 200);
  });

  // The answer carries each organization's tokens, as a finished authorization would give them
  // to the app: a benchmark stores them as its connections. Test switches only; never logged.
  app.post("/__emulator/organizations", async (c) => {
    const body = await readJsonObject(c);
    if (body === null) return badRequest(c, "The body must be a JSON object");
    const parsed = OrganizationsBody.safeParse(body);
    if (!parsed.success) return badRequest(c, parsed.error);
    const created = createOrganizations(deps, { ...parsed.data, nowMs: deps.config.now() });
    c.header("Cache-Control", "no-store");
    return c.json({ ok: true, organizations: created }, 200);
  });

  return app;
}
