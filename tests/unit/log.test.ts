// The logger's real output: each test writes through pino into a destination that keeps the
// lines, and reads them back as JSON.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CREDENTIAL_KEY, createLog, log, redactForLog, TOP_LEVEL_KEYS } from "@/lib/log";
import { sourceFiles } from "../support/source-files";

let lines: string[];
let logger: ReturnType<typeof createLog>;

beforeEach(() => {
  vi.stubEnv("APPORTION_SILENT_LOGS", "0");
  lines = [];
  logger = createLog({ write: (line: string) => void lines.push(line) });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function written(): Record<string, unknown>[] {
  return lines.map((line) => {
    expect(line.endsWith("\n")).toBe(true);
    expect(line.trimEnd()).not.toContain("\n");
    return JSON.parse(line) as Record<string, unknown>;
  });
}

describe("log lines", () => {
  it("are one JSON object a line, with pino's level, an ISO time and the event name", () => {
    logger.info("connection.refreshed", { connectionId: "c1" });
    logger.warn("imports.check_failed", { chunkId: "k1" });
    logger.error("api.unhandled_error");
    const [info, warn, error] = written();
    expect(info).toMatchObject({ level: 30, event: "connection.refreshed", connectionId: "c1" });
    expect(warn).toMatchObject({ level: 40, event: "imports.check_failed", chunkId: "k1" });
    expect(error).toMatchObject({ level: 50, event: "api.unhandled_error" });
    expect(new Date(info!.time as string).toISOString()).toBe(info!.time);
    expect(info!.pid).toBe(process.pid);
  });

  it("redact credential-like fields at the top level and nested, and keep the others", () => {
    const fields = {
      connectionId: "c1",
      access_token: "AT-top",
      code: "CODE-top",
      "set-cookie": "SC-top",
      nested: {
        refreshToken: "RT-nested",
        client_secret: "CS-nested",
        Authorization: "Bearer nested",
        codes: ["kept"],
        list: [{ authorization: "Bearer in-array", id: 7 }],
        sessionCookieValue: "matched by the rule, not by a list",
      },
      a: { b: { c: { code_verifier: "CV-depth-4", d: { myApiToken: "T-depth-5", kept: "yes" } } } },
      tokens: { access: "a whole object under a credential name" },
    };
    logger.info("auth.callback", fields);
    const [line] = written();
    const text = lines[0]!;
    for (const secret of [
      "AT-top",
      "CODE-top",
      "SC-top",
      "RT-nested",
      "CS-nested",
      "Bearer",
      "matched by",
      "CV-depth",
      "T-depth",
      "whole object",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(line).toMatchObject({
      connectionId: "c1",
      access_token: "[redacted]",
      code: "[redacted]",
      "set-cookie": "[redacted]",
      nested: {
        refreshToken: "[redacted]",
        client_secret: "[redacted]",
        Authorization: "[redacted]",
        codes: ["kept"],
        list: [{ authorization: "[redacted]", id: 7 }],
        sessionCookieValue: "[redacted]",
      },
      a: { b: { c: { code_verifier: "[redacted]", d: { myApiToken: "[redacted]", kept: "yes" } } } },
      tokens: "[redacted]",
    });
    // The caller's object is not changed by logging it.
    expect(fields.nested.refreshToken).toBe("RT-nested");
  });

  it("do not write what lies deeper than the redaction reaches", () => {
    logger.info("deep", { a: { b: { c: { d: { e: { token: "T-depth-6" } } } } } });
    expect(lines[0]).not.toContain("T-depth-6");
    expect(written()[0]).toMatchObject({ a: { b: { c: { d: { e: "[too deep]" } } } } });
  });

  it("reduce errors to name and message, wherever they are, whatever they carry", () => {
    class ServiceApiError extends Error {
      override name = "ServiceApiError";
      body = { access_token: "AT-in-body", note: "a token answer" };
    }
    const error = Object.assign(new Error("boom"), { config: { headers: { "X-Key": "K-in-headers" } } });
    logger.error("worker.tick_failed", { error, err: new ServiceApiError("refused"), cause: { inner: [error] } });
    const [line] = written();
    expect(line).toMatchObject({
      error: { name: "Error", message: "boom" },
      err: { name: "ServiceApiError", message: "refused" },
      cause: { inner: [{ name: "Error", message: "boom" }] },
    });
    expect(Object.keys(line!.error as object)).toEqual(["name", "message"]);
    for (const leak of ["K-in-headers", "AT-in-body", "a token answer", "stack", "at "])
      expect(lines[0]).not.toContain(leak);
  });

  it("are not written while APPORTION_SILENT_LOGS=1, and are again once it is unset", () => {
    vi.stubEnv("APPORTION_SILENT_LOGS", "1");
    logger.error("api.unhandled_error", { error: new Error("quiet") });
    expect(lines).toEqual([]);
    vi.stubEnv("APPORTION_SILENT_LOGS", "0");
    logger.error("api.unhandled_error", { error: new Error("loud") });
    expect(written()).toMatchObject([{ event: "api.unhandled_error", error: { message: "loud" } }]);
  });

  it("go to standard output from the module's `log`", () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      out.push(String(chunk));
      return true;
    });
    log.warn("connection.scopes_missing", { connectionId: "c1", refresh_token: "RT" });
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0]!)).toMatchObject({
      level: 40,
      event: "connection.scopes_missing",
      refresh_token: "[redacted]",
    });
  });
});

describe("redactForLog", () => {
  it("replaces credential-looking fields at any depth and reduces errors to name and message", () => {
    const cleaned = redactForLog({
      connectionId: "c1",
      access_token: "AT",
      nested: { refreshToken: "RT", client_secret: "CS", code: "CODE", list: [{ authorization: "Bearer X" }] },
      error: Object.assign(new Error("boom"), { config: { headers: { Authorization: "Bearer Y" } } }),
    });
    const text = JSON.stringify(cleaned);
    for (const secret of ["AT", "RT", "CS", "CODE", "Bearer X", "Bearer Y"]) expect(text).not.toContain(secret);
    expect(cleaned).toEqual({
      connectionId: "c1",
      access_token: "[redacted]",
      nested: {
        refreshToken: "[redacted]",
        client_secret: "[redacted]",
        code: "[redacted]",
        list: [{ authorization: "[redacted]" }],
      },
      error: { name: "Error", message: "boom" },
    });
  });

  it("shows exactly the fields a log line carries", () => {
    const fields = { connectionId: "c1", password: "pw", nested: { cookie: "c", error: new TypeError("bad") } };
    logger.info("e", fields);
    const { level: _level, time: _time, pid: _pid, hostname: _hostname, event: _event, ...line } = written()[0]!;
    expect(redactForLog(fields)).toEqual(line);
  });
});

describe("the top-level list", () => {
  // Every field name in the app's source that the rule matches must be on the list, or pino would
  // write it at the top level of a line. (The emulator has its own output and no log.ts.)
  const roots = ["lib", "app", "scripts", "components", "instrumentation.ts", "proxy.ts"];

  it("names every credential-like field name of the source", () => {
    const names = new Set<string>();
    for (const file of roots.flatMap(sourceFiles)) {
      // Object keys and type members, quoted or not, as prettier writes them: `name: ` or `name?: `.
      for (const match of readFileSync(file, "utf8").matchAll(/["']?([A-Za-z_][\w-]*)["']?\??: /g)) {
        if (CREDENTIAL_KEY.test(match[1]!)) names.add(match[1]!);
      }
    }
    expect(names.size).toBeGreaterThan(10);
    expect([...names].filter((name) => !(TOP_LEVEL_KEYS as readonly string[]).includes(name))).toEqual([]);
  });

  it("holds only names the rule matches (the censor judges each by the rule)", () => {
    expect(TOP_LEVEL_KEYS.filter((key) => !CREDENTIAL_KEY.test(key))).toEqual([]);
  });
});
