// Validated configuration. Read lazily (getEnv) so that `next build` can import modules
// without production secrets; the server validates it at start-up (instrumentation.ts).
import { readFileSync } from "node:fs";
import { z } from "zod";

export const SERVICE_ENVIRONMENTS = ["playground", "production"] as const;
export type ServiceEnvironment = (typeof SERVICE_ENVIRONMENTS)[number];

export const KNOWN_SCOPES = ["basic", "data_add", "data_query"] as const;
export type Scope = (typeof KNOWN_SCOPES)[number];

/** What the product uses: account details and integration status (basic), listing
 *  transactions (data_query) and importing splits (data_add). Nothing more is asked. */
export const DEFAULT_SCOPES: readonly Scope[] = ["basic", "data_query", "data_add"];

const DEV_EMULATOR_PORT = 4010;
const DEV_APP_URL = "http://localhost:3000";
// Development-only values. They match the emulator's defaults and are refused in production.
const DEV_CLIENT_ID = "apportion-playground";
const DEV_CLIENT_SECRET = "playground-secret-change-me";
const DEV_AUTH_SECRET = "development-only-auth-secret-not-for-production-use";
const DEV_TOKEN_KEY = Buffer.from("development-only-token-key-32byt");
const DEV_TOKEN_KEYS = `dev1:${DEV_TOKEN_KEY.toString("base64")}`;

export type EncryptionKey = { id: string; key: Buffer };

const keyId = /^[A-Za-z0-9_-]{1,32}$/;

const encryptionKeys = z.string().transform((raw, ctx): EncryptionKey[] => {
  const keys: EncryptionKey[] = [];
  for (const part of raw
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [id, material, ...rest] = part.split(":");
    const key = material ? Buffer.from(material, "base64") : Buffer.alloc(0);
    if (!id || !keyId.test(id) || rest.length > 0 || key.length !== 32) {
      ctx.addIssue({
        code: "custom",
        message:
          "each entry must be <id>:<32 bytes in base64>, ids of letters, digits, _ or - (make one with: openssl rand -base64 32)",
      });
      return z.NEVER;
    }
    if (keys.some((k) => k.id === id)) {
      ctx.addIssue({ code: "custom", message: `key id "${id}" appears twice` });
      return z.NEVER;
    }
    keys.push({ id, key });
  }
  if (keys.length === 0) {
    ctx.addIssue({ code: "custom", message: "at least one key is required" });
    return z.NEVER;
  }
  return keys;
});

const scopes = z.string().transform((raw, ctx): Scope[] => {
  const list = [...new Set(raw.split(/[\s,]+/).filter(Boolean))];
  const unknown = list.filter((s) => !(KNOWN_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    ctx.addIssue({ code: "custom", message: `unknown scope(s): ${unknown.join(", ")}` });
    return z.NEVER;
  }
  if (!list.includes("basic")) {
    ctx.addIssue({ code: "custom", message: "must include basic (account details)" });
    return z.NEVER;
  }
  return list as Scope[];
});

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .transform((u) => u.replace(/\/+$/, ""));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SERVICE_ENVIRONMENT: z.enum(SERVICE_ENVIRONMENTS, {
    error: "must be playground or production",
  }),
  SERVICE_BASE_URL: httpUrl,
  /** The authorization server's issuer identifier (RFC 9207), compared exactly with the `iss`
   *  of an authorization response. Absent: SERVICE_BASE_URL. */
  SERVICE_ISSUER: z.url({ error: "must be a URL (the service's issuer identifier)" }).optional(),
  SERVICE_CLIENT_ID: z.string().trim().min(1, "is required"),
  SERVICE_CLIENT_SECRET: z.string().min(1, "is required"),
  SERVICE_SCOPES: scopes,
  NEXTAUTH_URL: httpUrl,
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)"),
  TOKEN_ENCRYPTION_KEYS: encryptionKeys,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** The in-process worker's own pool (instrumentation.ts), so background work never takes the
   *  web's connections; 0 shares the web's pool (the embedded database, a pool of one). Absent:
   *  3 × SYNC_CONCURRENCY + 5, the README's rule (workerPoolMax). */
  WORKER_DATABASE_POOL_MAX: z.coerce.number().int().min(0).max(100).optional(),
  /** "1": `npm start` applies pending migrations before serving. Off by default in production
   *  (migrate first, once: README "Upgrading"); `npm run dev` and the embedded database always do. */
  MIGRATE_ON_START: z.enum(["0", "1"]).optional(),
  /** Attempts to send one import call before its submission needs attention. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** First delay between attempts; doubles each time (with jitter), capped at 5 minutes. */
  OUTBOX_BACKOFF_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  /** Kicks one web process runs at once: the first delivery of a submission it has just stored,
   *  right after the answer (lib/outbox/kick.ts); the rest wait, and the worker sends what waits. */
  OUTBOX_KICK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** A claim older than this belongs to a worker that stopped, and is taken over. Must exceed
   *  the longest send (a 15 s call, plus a refresh). */
  OUTBOX_CLAIM_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  /** Where the imports listing lives under /admin/oauth2/api/v1 (the interface does not show it).
   *  Absent: the probe report's finding, else /imports/list (README, "Before going live"). */
  SERVICE_IMPORTS_LIST_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/_.-]*$/, "must be a path such as /imports/list")
    .optional(),
  /** A report of `npm run service:probe`: what it found to differ configures the app. */
  SERVICE_PROBE_REPORT: z.string().optional(),
  /** "0" keeps the outbox worker out of the web server (run `npm run worker` instead). */
  APPORTION_WORKER: z.enum(["0", "1"]).default("1"),
  /** "0" reads every session's connection from the database instead of a cache kept fresh by
   *  LISTEN/NOTIFY (lib/connections/connection-cache.ts); the launcher sets it for the embedded
   *  database, whose socket server cannot deliver notifications. */
  CONNECTION_CACHE: z.enum(["0", "1"]).default("1"),
  /** How often the worker brings every active organization's copy up to date (a changes-only
   *  sync), each organization at its own moment within the interval (lib/transactions/sync-due.ts). */
  SYNC_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
  /** Organizations one worker syncs at once. */
  SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Submissions one worker reads back at once (each its own, one part at a time). */
  READ_BACK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** A read-back claim older than this belongs to a worker that stopped, and is taken over. Must
   *  exceed the longest part (up to 250 pages of the query API). */
  READ_BACK_CLAIM_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** One turn of an organization's sync in the worker (a round): then it yields its lease, so a
   *  first copy of hours never holds a slot that a small organization's sync waits for. */
  SYNC_TURN_MS: z.coerce.number().int().min(200).max(600_000).default(30_000),
  /** How often the worker writes its heartbeat, and the age past which a worker no longer counts
   *  as live (apportion_workers_live; not a readiness check: lib/health/ready.ts says why). */
  WORKER_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  READY_HEARTBEAT_MAX_AGE_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
  /** On SIGTERM/SIGINT: how long what is in hand (requests in flight, the worker's claims) may
   *  take to finish before it is released. */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /** On SIGTERM, how long the web server keeps serving with readiness at 503, so the load balancer
   *  sees it and stops sending before it stops accepting. Absent: 10 s in production, else 0
   *  (drainDelayMs). */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** Bearer token for the Prometheus metrics (GET /api/metrics, and METRICS_PORT); two, comma-
   *  separated, while rotating (either is accepted). Unset in production: metrics are off. */
  METRICS_TOKEN: z
    .string()
    .transform((raw) => raw.split(",").map((t) => t.trim()))
    .pipe(
      z
        .array(z.string().min(24, "must be at least 24 characters (openssl rand -base64 32)"))
        .max(2, "at most two tokens, new,old, while rotating"),
    )
    .optional(),
  /** A port on which `npm run worker` serves its metrics (its own process, its own counters). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** The lowest level written to the log (lib/log.ts reads it; checked here so a typo stops start-up). */
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).optional(),
  /** The SMTP server notifications go through (smtp:// or smtps://, credentials in the address).
   *  Absent: every mail is written to the log instead (lib/notifications/transport.ts). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// address")
    .optional(),
  /** The From of every notification, e.g. `Apportion <apportion@example.org>`. */
  MAIL_FROM: z.string().trim().min(3).max(200).default("Apportion <apportion@localhost>"),
  /** The hour (UTC, 0-23) from which each day's digest goes out. */
  MAIL_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  /** Attempts to send one mail before it is marked failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  /** First delay between attempts; doubles each time, at most an hour. */
  MAIL_BACKOFF_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
});

export type AppEnv = z.infer<typeof schema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Source = Record<string, string | undefined>;

function withDevelopmentDefaults(source: Source): Source {
  const emulatorPort = source.EMULATOR_PORT ?? String(DEV_EMULATOR_PORT);
  const defaults: Source = {
    SERVICE_ENVIRONMENT: "playground",
    SERVICE_BASE_URL: `http://127.0.0.1:${emulatorPort}`,
    SERVICE_CLIENT_ID: DEV_CLIENT_ID,
    SERVICE_CLIENT_SECRET: DEV_CLIENT_SECRET,
    NEXTAUTH_URL: DEV_APP_URL,
    NEXTAUTH_SECRET: DEV_AUTH_SECRET,
    TOKEN_ENCRYPTION_KEYS: DEV_TOKEN_KEYS,
  };
  const merged: Source = { ...defaults };
  for (const [k, v] of Object.entries(source)) if (v !== undefined && v !== "") merged[k] = v;
  return merged;
}

/** Parses configuration from a source (process.env by default); throws ConfigError naming
 *  every missing or malformed variable. Exported for tests and start-up checks. */
export function parseEnv(source: Source = process.env): AppEnv {
  const production = source.NODE_ENV === "production";
  const input = fromProbeReport(production ? source : withDevelopmentDefaults(source));
  const result = schema.safeParse({ SERVICE_SCOPES: DEFAULT_SCOPES.join(" "), ...stripEmpty(input) });
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? "configuration");
      const missing = input[name] === undefined || input[name] === "";
      problems.push(`${name}: ${missing ? "is required" : issue.message}`);
    }
  } else if (production) {
    const e = result.data;
    if (e.NEXTAUTH_SECRET === DEV_AUTH_SECRET)
      problems.push("NEXTAUTH_SECRET: the development value is not allowed in production");
    if (e.TOKEN_ENCRYPTION_KEYS.some((k) => k.key.equals(DEV_TOKEN_KEY)))
      problems.push("TOKEN_ENCRYPTION_KEYS: the development key is not allowed in production");
    // A relay refuses (or a spam filter drops) mail from a made-up localhost sender.
    if (e.SMTP_URL && source.MAIL_FROM === undefined)
      problems.push("MAIL_FROM: is required with SMTP_URL in production (the From of every notification)");
    // Over http the session cookie goes out without Secure and tokens cross the network in clear.
    for (const name of ["NEXTAUTH_URL", "SERVICE_BASE_URL"] as const) {
      if (!isHttpsOrLoopback(e[name])) {
        problems.push(`${name}: must be an https:// address in production (http:// only for localhost or 127.0.0.1)`);
      }
    }
  }
  if (problems.length > 0 || !result.success) {
    throw new ConfigError(
      `Apportion cannot start: invalid configuration.\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee README.md, "Configuration".`,
    );
  }
  return result.data;
}

/** https, or http to this machine itself (a proxy in front, the end-to-end suite). */
export function isHttpsOrLoopback(address: string): boolean {
  const url = new URL(address);
  if (url.protocol === "https:") return true;
  return url.hostname === "localhost" || url.hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(url.hostname);
}

/** The probe report's findings (its `config`) fill what the environment leaves unset; an explicit
 *  variable always wins. An unreadable report is a configuration error, not a silent default. */
function fromProbeReport(source: Source): Source {
  const path = source.SERVICE_PROBE_REPORT;
  if (path === undefined || path === "") return source;
  let config: Record<string, unknown>;
  try {
    const report = JSON.parse(readFileSync(path, "utf8")) as { config?: Record<string, unknown> };
    config = report.config ?? {};
  } catch (error) {
    throw new ConfigError(
      `Apportion cannot start: SERVICE_PROBE_REPORT ${path} cannot be read as a probe report (${String(error)}).`,
    );
  }
  const listPath = config.imports_list_path;
  if (typeof listPath === "string" && !source.SERVICE_IMPORTS_LIST_PATH) {
    return { ...source, SERVICE_IMPORTS_LIST_PATH: listPath };
  }
  return source;
}

function stripEmpty(source: Source): Source {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
}

let cached: AppEnv | undefined;

export function getEnv(): AppEnv {
  cached ??= parseEnv();
  return cached;
}

/** The drain delay in effect: DRAIN_DELAY_MS, else 10 s in production and none elsewhere. */
export function drainDelayMs(env: AppEnv): number {
  return env.DRAIN_DELAY_MS ?? (env.NODE_ENV === "production" ? 10_000 : 0);
}

/** The in-process worker's pool size: WORKER_DATABASE_POOL_MAX, else the README's rule. */
export function workerPoolMax(env: AppEnv): number {
  return env.WORKER_DATABASE_POOL_MAX ?? 3 * env.SYNC_CONCURRENCY + 5;
}

/** Each environment is its own authorization server, so each gets its own callback path
 *  (RFC 9700 §4.4.2, the mix-up defence). */
export function redirectUri(env: AppEnv): string {
  return `${env.NEXTAUTH_URL}/api/auth/callback/${env.SERVICE_ENVIRONMENT}`;
}

/** The issuer an authorization response's `iss` must name: configured, or the base address. */
export function serviceIssuer(env: AppEnv): string {
  return env.SERVICE_ISSUER ?? env.SERVICE_BASE_URL;
}

/** For tests that change process.env between cases. */
export function clearEnvCache(): void {
  cached = undefined;
}
