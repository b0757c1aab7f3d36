// Structured logs, one JSON line each. Any field whose name suggests a credential is replaced,
// and error objects are reduced to their name and message, so no token reaches a log line.
const SECRET_KEY = /token|secret|password|authorization|cookie|code_verifier|^code$|envelope/i;

type Fields = Record<string, unknown>;

function clean(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Fields).map(([k, v]) => [k, SECRET_KEY.test(k) ? "[redacted]" : clean(v, depth + 1)]),
  );
}

function write(level: "info" | "warn" | "error", event: string, fields: Fields = {}) {
  if (process.env.APPORTION_SILENT_LOGS === "1") return;
  const line = JSON.stringify({ level, event, time: new Date().toISOString(), ...(clean(fields) as Fields) });
  (level === "error" ? console.error : console.log)(line);
}

export const log = {
  info: (event: string, fields?: Fields) => write("info", event, fields),
  warn: (event: string, fields?: Fields) => write("warn", event, fields),
  error: (event: string, fields?: Fields) => write("error", event, fields),
};

export const redactForLog = clean;
