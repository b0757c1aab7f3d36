// How much the emulator behaves like a remote service under load, so the sync's plan is measured against one: latency per call,
// rate limits per access token (or per client and organization) and per organization, a limit of calls at once per organization,
// and time spent per imported row. All off by default. The configured values come from
// EMULATOR_* variables (realismFromEnv); POST /__emulator/realism replaces them at run time and a
// reset restores the configured ones (README, "Realism").
import { z } from "zod";

/** Requests per second and the bucket's size (how many may come at once after a quiet spell). */
export type Rate = { perSecond: number; burst: number };

export type Realism = {
  /** Each call's latency is drawn from a log-normal distribution with this median and p99. */
  latency: { medianMs: number; p99Ms: number } | null;
  /** The caller's own rate (`rate_per_token`); whose it is is `rateKey`'s. */
  perToken: Rate | null;
  perOrganization: Rate | null;
  /** What the caller's own bucket is kept by: each access token (a refresh brings a fresh one),
   *  or the client and organization together, as services that limit an application per account do. */
  rateKey: RateKey;
  /** Calls of one organization being answered at once; one more is refused (429). */
  concurrentPerOrganization: number | null;
  /** Time an import spends Working per row, on top of the import delay. */
  importMsPerRow: number;
  /** Seed of the latency draws: the same seed gives the same latencies in the same order. */
  seed: number;
};

export const RATE_KEYS = ["token", "client_organization"] as const;
export type RateKey = (typeof RATE_KEYS)[number];

export const NO_REALISM: Realism = {
  latency: null,
  perToken: null,
  perOrganization: null,
  rateKey: "token",
  concurrentPerOrganization: null,
  importMsPerRow: 0,
  seed: 1,
};

const rate = z
  .object({ per_second: z.number().positive().max(100_000), burst: z.number().int().min(1).max(100_000) })
  .strict()
  .nullable();

/** What the body leaves out returns to its configured value, as with the other settings. */
export const RealismBody = z
  .object({
    latency: z
      .object({ median_ms: z.number().int().min(0).max(60_000), p99_ms: z.number().int().min(0).max(60_000) })
      .strict()
      .refine((l) => l.p99_ms >= l.median_ms, { message: "p99_ms must be at least median_ms" })
      .nullable()
      .optional(),
    rate_per_token: rate.optional(),
    rate_per_organization: rate.optional(),
    rate_key: z.enum(RATE_KEYS).optional(),
    concurrent_per_organization: z.number().int().min(1).max(10_000).nullable().optional(),
    import_ms_per_row: z.number().int().min(0).max(10_000).optional(),
    seed: z.number().int().optional(),
  })
  .strict();

export function realismFromBody(body: z.infer<typeof RealismBody>, configured: Realism): Realism {
  const pick = <T>(value: T | undefined, fallback: T) => (value === undefined ? fallback : value);
  const toRate = (r: { per_second: number; burst: number } | null) =>
    r === null ? null : { perSecond: r.per_second, burst: r.burst };
  return {
    latency:
      body.latency === undefined
        ? configured.latency
        : body.latency && { medianMs: body.latency.median_ms, p99Ms: body.latency.p99_ms },
    perToken: body.rate_per_token === undefined ? configured.perToken : toRate(body.rate_per_token),
    perOrganization:
      body.rate_per_organization === undefined ? configured.perOrganization : toRate(body.rate_per_organization),
    rateKey: pick(body.rate_key, configured.rateKey),
    concurrentPerOrganization: pick(body.concurrent_per_organization, configured.concurrentPerOrganization),
    importMsPerRow: pick(body.import_ms_per_row, configured.importMsPerRow),
    seed: pick(body.seed, configured.seed),
  };
}

export function realismJson(realism: Realism) {
  const rateJson = (r: Rate | null) => r && { per_second: r.perSecond, burst: r.burst };
  return {
    latency: realism.latency && { median_ms: realism.latency.medianMs, p99_ms: realism.latency.p99Ms },
    rate_per_token: rateJson(realism.perToken),
    rate_per_organization: rateJson(realism.perOrganization),
    rate_key: realism.rateKey,
    concurrent_per_organization: realism.concurrentPerOrganization,
    import_ms_per_row: realism.importMsPerRow,
    seed: realism.seed,
  };
}

/**
 * EMULATOR_LATENCY_MEDIAN_MS and EMULATOR_LATENCY_P99_MS (both, or neither);
 * EMULATOR_RATE_PER_TOKEN and EMULATOR_RATE_PER_ORGANIZATION as "requests per second" or
 * "requests per second/burst" (the burst defaults to one second's worth);
 * EMULATOR_RATE_KEY (`token` or `client_organization`); EMULATOR_CONCURRENT_PER_ORGANIZATION; EMULATOR_IMPORT_MS_PER_ROW; EMULATOR_REALISM_SEED.
 * A value that does not parse fails the start with its name.
 */
export function realismFromEnv(env: NodeJS.ProcessEnv): Realism {
  const realism: Realism = { ...NO_REALISM };
  const median = env.EMULATOR_LATENCY_MEDIAN_MS;
  const p99 = env.EMULATOR_LATENCY_P99_MS;
  if (median || p99) {
    if (!median || !p99) throw new Error("EMULATOR_LATENCY_MEDIAN_MS and EMULATOR_LATENCY_P99_MS go together");
    const latency = {
      medianMs: whole("EMULATOR_LATENCY_MEDIAN_MS", median),
      p99Ms: whole("EMULATOR_LATENCY_P99_MS", p99),
    };
    if (latency.p99Ms < latency.medianMs) throw new Error("EMULATOR_LATENCY_P99_MS must be at least the median");
    realism.latency = latency;
  }
  if (env.EMULATOR_RATE_PER_TOKEN) realism.perToken = parseRate("EMULATOR_RATE_PER_TOKEN", env.EMULATOR_RATE_PER_TOKEN);
  if (env.EMULATOR_RATE_PER_ORGANIZATION)
    realism.perOrganization = parseRate("EMULATOR_RATE_PER_ORGANIZATION", env.EMULATOR_RATE_PER_ORGANIZATION);
  if (env.EMULATOR_RATE_KEY) {
    const key = RATE_KEYS.find((k) => k === env.EMULATOR_RATE_KEY?.trim());
    if (key === undefined)
      throw new Error(`EMULATOR_RATE_KEY must be one of ${RATE_KEYS.join(", ")}, got "${env.EMULATOR_RATE_KEY}"`);
    realism.rateKey = key;
  }
  if (env.EMULATOR_CONCURRENT_PER_ORGANIZATION) {
    const limit = whole("EMULATOR_CONCURRENT_PER_ORGANIZATION", env.EMULATOR_CONCURRENT_PER_ORGANIZATION);
    if (limit < 1) throw new Error("EMULATOR_CONCURRENT_PER_ORGANIZATION must be at least 1");
    realism.concurrentPerOrganization = limit;
  }
  if (env.EMULATOR_IMPORT_MS_PER_ROW)
    realism.importMsPerRow = whole("EMULATOR_IMPORT_MS_PER_ROW", env.EMULATOR_IMPORT_MS_PER_ROW);
  if (env.EMULATOR_REALISM_SEED) realism.seed = whole("EMULATOR_REALISM_SEED", env.EMULATOR_REALISM_SEED);
  return realism;
}

function parseRate(name: string, value: string): Rate {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+)\s*)?$/.exec(value);
  const perSecond = Number(match?.[1]);
  if (!match || !(perSecond > 0))
    throw new Error(`${name} must be "requests per second" or "requests per second/burst", got "${value}"`);
  const burst = match[2] === undefined ? Math.max(1, Math.ceil(perSecond)) : Number(match[2]);
  if (burst < 1) throw new Error(`${name}: the burst must be at least 1`);
  return { perSecond, burst };
}

function whole(name: string, value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new Error(`${name} must be a whole number, got "${value}"`);
  return Number(value.trim());
}
