// The body of POST /__emulator/faults and its translation into the state's fault setting. Each
// call replaces the whole setting, so what the body leaves out is switched off.
import { z } from "zod";
import { seedState } from "../prng";
import { DEFAULT_FAULT_SEED, type FaultRule, type Faults } from "../state";

const SWITCH_PATHS = "/__emulator";

const LegacyFail = z
  .object({
    status: z.union([z.literal(500), z.literal(429)]),
    count: z.number().int().min(1),
    path_prefix: z.string().startsWith("/").optional(),
    retry_after: z.number().int().min(0).optional(),
    when: z.enum(["before", "after"]).optional(),
  })
  .strict();

// Shared by every kind of rule. A prefix under the switches is refused rather than accepted and
// silently never matched: faults never apply there, so such a rule is surely a mistake.
const ruleFilter = {
  path_prefix: z
    .string()
    .startsWith("/")
    .refine((prefix) => !prefix.startsWith(SWITCH_PATHS), "faults never apply to /__emulator/* routes")
    .optional(),
  method: z
    .string()
    .regex(/^[A-Za-z]+$/, "must be an HTTP method such as POST")
    .transform((method) => method.toUpperCase())
    .optional(),
  rate: z.number().min(0).max(1).optional(),
  count: z.number().int().min(1).optional(),
};

const when = z.enum(["before", "after"]).optional();

const Rule = z.discriminatedUnion("fault", [
  z
    .object({
      ...ruleFilter,
      fault: z.literal("status"),
      status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(429)]),
      retry_after: z.number().int().min(0).max(86_400).optional(),
      when,
    })
    .strict()
    .refine((rule) => rule.retry_after === undefined || rule.status === 429, {
      message: "retry_after is only sent with status 429",
      path: ["retry_after"],
    }),
  z.object({ ...ruleFilter, fault: z.literal("reset"), when }).strict(),
  z.object({ ...ruleFilter, fault: z.literal("hang") }).strict(),
  z.object({ ...ruleFilter, fault: z.literal("latency"), latency_ms: z.number().int().min(0).max(60_000) }).strict(),
]);

export const FaultsBody = z
  .object({
    latency_ms: z.number().int().min(0).max(60_000).optional(),
    fail: LegacyFail.optional(),
    seed: z.number().int().min(0).max(0xffffffff).optional(),
    rules: z.array(Rule).max(100).optional(),
  })
  .strict();

type RuleInput = z.infer<typeof Rule>;

function toRule(input: RuleInput): FaultRule {
  const filter = {
    pathPrefix: input.path_prefix ?? null,
    method: input.method ?? null,
    rate: input.rate ?? 1,
    count: input.count ?? null,
    fired: 0,
  };
  switch (input.fault) {
    case "status":
      return {
        ...filter,
        fault: "status",
        status: input.status,
        retryAfter: input.retry_after ?? 1,
        when: input.when ?? "before",
      };
    case "reset":
      return { ...filter, fault: "reset", when: input.when ?? "before" };
    case "hang":
      return { ...filter, fault: "hang" };
    case "latency":
      return { ...filter, fault: "latency", latencyMs: input.latency_ms };
  }
}

export function faultsFromBody(body: z.infer<typeof FaultsBody>): Faults {
  const { latency_ms: latencyMs = 0, fail, seed = DEFAULT_FAULT_SEED, rules = [] } = body;
  return {
    latencyMs,
    fail:
      fail === undefined
        ? null
        : {
            status: fail.status,
            remaining: fail.count,
            pathPrefix: fail.path_prefix ?? null,
            retryAfter: fail.retry_after ?? null,
            when: fail.when ?? "before",
          },
    rules: rules.map(toRule),
    seed,
    randomState: seedState(seed),
  };
}
