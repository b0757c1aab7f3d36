// Structured logs through pino: one JSON line per event on stdout, with pino's numeric levels
// (30 info, 40 warn, 50 error), an ISO `time`, and the event name in `event`. `npm run dev` shows
// them readable because scripts/launch.ts pipes the app's output through pino-pretty; the app
// itself always writes JSON (no pino transport: its worker thread breaks under Next.js bundling).
//
// No token may reach a log line. Two rules see to it, both inside pino:
//  - pino's `redact` replaces with "[redacted]" every field whose name matches CREDENTIAL_KEY (the
//    rule the hand-made logger had), at the top level and inside objects and arrays down to
//    REDACT_DEPTH levels; deeper values are not written at all, so nothing escapes its reach;
//  - errors, wherever they sit in the fields, are reduced to their name and message. pino's
//    standard `err` serializer would copy every own property (a failed request's headers, a token
//    answer's body) and the stack; the stack adds no secret, but no help either for these events.
//    What the error says of its cause is kept: a string `code` (PostgreSQL's SQLSTATE, an
//    AppError's code) as `errorCode`, an HTTP `status`, and its `cause`, reduced the same way.
//
// Context: every line written inside withLogContext (a request: lib/http/route.ts; a service call
// on an organization's behalf: lib/connections/service-access.ts) carries that context's fields
// (requestId, route, method, organizationId), through AsyncLocalStorage and pino's mixin, so code
// deep inside a request needs no logger handed down. LOG_LEVEL sets the lowest level written.
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import { processSlot } from "@/lib/process-slot";

type Fields = Record<string, unknown>;
type Level = "debug" | "info" | "warn" | "error";

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

/** What a line written inside a request or a service call carries without being told. */
export type LogContext = { requestId?: string; route?: string; method?: string; organizationId?: string };

const contexts = processSlot<AsyncLocalStorage<LogContext>>("apportionLogContext").getOrCreate(
  () => new AsyncLocalStorage<LogContext>(),
);

/** Runs `fn` with `fields` added to the current context: every line it writes carries them. */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  return contexts.run({ ...contexts.getStore(), ...fields }, fn);
}

/** Runs `fn` with exactly `context`, whatever the current one: work queued by one request and run
 *  from another's continuation (lib/outbox/kick.ts) logs with its own request's fields only. */
export function withExactLogContext<T>(context: LogContext, fn: () => T): T {
  return contexts.run({ ...context }, fn);
}

export function logContext(): LogContext {
  return { ...contexts.getStore() };
}

function logLevel(): Level {
  const asked = process.env.LOG_LEVEL?.toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(asked ?? "") ? (asked as Level) : "info";
}

/** The rule: a field whose name matches this holds a credential, at any depth. */
export const CREDENTIAL_KEY = /token|secret|password|authorization|cookie|code_verifier|^code$|envelope/i;

/**
 * The top-level field names pino checks. pino's paths name keys exactly, and a wildcard at the top
 * (`*`) would stop it looking deeper, so the top level needs a list: every name in this codebase
 * that CREDENTIAL_KEY matches (a few harmless, like tokenExpiresAt: the rule decides, not the
 * list), plus the usual OAuth and header names. tests/unit/log.test.ts fails when the source gains
 * a matching name that is not here.
 */
export const TOP_LEVEL_KEYS = [
  "token",
  "tokens",
  "access_token",
  "refresh_token",
  "id_token",
  "token_type",
  "accessToken",
  "refreshToken",
  "idToken",
  "query_token",
  "queryToken",
  "queryTokens",
  "accessTokenHash",
  "refreshTokenHash",
  "accessTokenEnvelope",
  "refreshTokenEnvelope",
  "envelope",
  "envelopes",
  "tokenExpiresAt",
  "tokenKeyId",
  "tokenVersion",
  "code",
  "code_verifier",
  "secret",
  "client_secret",
  "clientSecret",
  "NEXTAUTH_SECRET",
  "SERVICE_CLIENT_SECRET",
  "EMULATOR_CLIENT_SECRET",
  "TOKEN_ENCRYPTION_KEYS",
  "METRICS_TOKEN",
  "password",
  "authorization",
  "Authorization",
  "authorization_refused",
  "cookie",
  "Cookie",
  "cookies",
  "set-cookie",
  "Set-Cookie",
] as const;

/** Levels of nesting the redaction covers: a field, then four objects or arrays deep. */
export const REDACT_DEPTH = 5;
const TOO_DEEP = "[too deep]";

/**
 * pino paths: the listed names at the top level, then every key at depths 2 to REDACT_DEPTH
 * (`*.*`, `*.*.*`, ...), each judged by its name in `censor`. One wildcard path per depth rather
 * than one per name and depth: 200 named paths cost about 0.4 ms a line, these about 15 µs.
 */
export const REDACT_PATHS = [
  ...TOP_LEVEL_KEYS.map((key) => (/^\w+$/.test(key) ? key : `["${key}"]`)),
  ...Array.from({ length: REDACT_DEPTH - 1 }, (_, depth) => "*" + ".*".repeat(depth + 1)),
];

function censor(value: unknown, path: string[]): unknown {
  return CREDENTIAL_KEY.test(path.at(-1) ?? "") ? "[redacted]" : value;
}

/**
 * A copy of the fields with every error reduced to its name and message, and anything nested
 * deeper than the redaction reaches replaced by a marker. Runs before pino redacts and writes.
 */
function reduceErrors(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return reduceError(value, depth);
  if (value === null || typeof value !== "object") return value;
  if (depth >= REDACT_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => reduceErrors(item, depth + 1));
  // Dates and the like write themselves (toJSON); anything else is written as its own fields.
  if ("toJSON" in value && typeof value.toJSON === "function") return value;
  return Object.fromEntries(Object.entries(value as Fields).map(([key, item]) => [key, reduceErrors(item, depth + 1)]));
}

/** An error as a line shows it: name, message, and what it says of its cause (header comment). */
function reduceError(error: Error, depth: number): Fields {
  const { code, status, cause } = error as Error & { code?: unknown; status?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === "string" ? { errorCode: code } : {}),
    ...(typeof status === "number" ? { status } : {}),
    ...(cause !== undefined && depth < REDACT_DEPTH - 1 ? { cause: reduceErrors(cause, depth + 1) } : {}),
  };
}

function loggerOptions(): LoggerOptions {
  return {
    level: logLevel(),
    messageKey: "event",
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor },
    formatters: { log: (fields) => reduceErrors(fields) as Fields },
    // Replaces pino's standard serializer for `err` (which copies all of an error's properties).
    serializers: { err: (value: unknown) => reduceErrors(value, 1) },
    // A fresh object each line: pino assigns the line's own fields onto it (they win).
    mixin: () => ({ ...contexts.getStore() }),
  };
}

/**
 * A logger writing to `destination` (stdout by default; tests pass their own). Log lines are
 * dropped while APPORTION_SILENT_LOGS=1, read on each call so a test can turn logs on and off.
 */
export function createLog(destination: DestinationStream = process.stdout) {
  const logger: Logger = pino(loggerOptions(), destination);
  const write = (level: Level, event: string, fields: Fields = {}) => {
    if (process.env.APPORTION_SILENT_LOGS === "1") return;
    logger[level](fields, event);
  };
  return {
    debug: (event: string, fields?: Fields) => write("debug", event, fields),
    info: (event: string, fields?: Fields) => write("info", event, fields),
    warn: (event: string, fields?: Fields) => write("warn", event, fields),
    error: (event: string, fields?: Fields) => write("error", event, fields),
  };
}

export const log = createLog();

/** `Bearer <token>` and `name=value` pairs of credential names, in free text (a console line). */
const CREDENTIAL_TEXT = [
  /(Bearer\s+)[^\s"',;]+/gi,
  /((?:access_token|refresh_token|id_token|client_secret|code_verifier|code|password)["']?\s*[=:]\s*["']?)[^\s"'&,;}]+/gi,
];

/** Free text with credentials replaced by [redacted]: the shape of a credential, not its key. */
export function redactText(text: string): string {
  return CREDENTIAL_TEXT.reduce((out, pattern) => out.replace(pattern, "$1[redacted]"), text);
}

/**
 * In production every line is JSON: what is written through `console` (Next.js's own messages
 * and its printing of an error a page or route threw, a library's warning) becomes a `console`
 * event at the matching level, with the text (credentials in it redacted) in `message` and the
 * request's context. Called once at start (instrumentation.ts, scripts/worker.ts).
 */
export function routeConsoleToLog(target: ReturnType<typeof createLog> = log, into: Console = console): void {
  const line =
    (level: Level) =>
    (...args: unknown[]) =>
      target[level]("console", { message: redactText(format(...args)) });
  into.log = line("info");
  into.info = line("info");
  into.debug = line("debug");
  into.warn = line("warn");
  into.error = line("error");
}

// A logger like the one above whose line is kept instead of written, for redactForLog: without
// time or process fields, so the line is the fields after pino's redaction, plus pino's `level`
// (and `event`, which pino fills from an error's message when there is no event name).
let captured = "";
const capture = pino(
  // No context and every level: the same redaction whatever LOG_LEVEL says.
  { ...loggerOptions(), base: null, timestamp: false, mixin: undefined, level: "info" },
  { write: (line: string) => void (captured = line) },
);

/** What a log line would show of `value`: the same redaction, through pino itself. */
export function redactForLog(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactForLog);
  if (value === null || typeof value !== "object" || value instanceof Error) return reduceErrors(value);
  captured = "";
  capture.info(value as Fields);
  const line = JSON.parse(captured) as Fields;
  for (const added of ["level", "event"]) if (!Object.hasOwn(value, added)) delete line[added];
  return line;
}
