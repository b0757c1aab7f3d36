// What a log line carries beyond its own fields: the context of the request or service call it
// was written in, an error's cause, the level LOG_LEVEL sets, and console output turned into lines.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/app-error";
import { createLog, logContext, redactText, routeConsoleToLog, withLogContext } from "@/lib/log";
import { ServiceApiError } from "@/lib/service/errors";

let lines: string[];
const destination = { write: (line: string) => void lines.push(line) };
const written = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeEach(() => {
  vi.stubEnv("APPORTION_SILENT_LOGS", "0");
  lines = [];
});
afterEach(() => vi.unstubAllEnvs());

describe("the log context", () => {
  it("is on every line written inside it, nested contexts adding to it, and gone outside", async () => {
    const logger = createLog(destination);
    await withLogContext({ requestId: "req-12345678", route: "/api/templates/[id]" }, async () => {
      logger.info("first");
      await new Promise((resolve) => setTimeout(resolve, 1));
      await withLogContext({ organizationId: "1001" }, async () => logger.warn("deep", { route: "own field wins" }));
      expect(logContext()).toEqual({ requestId: "req-12345678", route: "/api/templates/[id]" });
    });
    logger.info("outside");
    const [first, deep, outside] = written();
    expect(first).toMatchObject({ event: "first", requestId: "req-12345678", route: "/api/templates/[id]" });
    expect(deep).toMatchObject({ requestId: "req-12345678", organizationId: "1001", route: "own field wins" });
    expect(outside).not.toHaveProperty("requestId");
    expect(outside).not.toHaveProperty("organizationId");
  });
});

describe("errors", () => {
  it("keep what they say of their cause: code, status and the cause itself, redacted alike", () => {
    const logger = createLog(destination);
    const refusal = Object.assign(new ServiceApiError(503, ["Service Unavailable"], true), {
      headers: { authorization: "Bearer AT-secret" },
    });
    const error = new AppError("service_unavailable", "The service is not answering.", undefined, { cause: refusal });
    const database = Object.assign(new Error("deadlock detected"), { code: "40P01" });
    logger.warn("sync.run_failed", { error, database });
    const [line] = written();
    expect(line).toMatchObject({
      error: {
        name: "AppError",
        message: "The service is not answering.",
        errorCode: "service_unavailable",
        status: 503,
        cause: { name: "ServiceApiError", message: "The service answered 503: Service Unavailable", status: 503 },
      },
      database: { name: "Error", message: "deadlock detected", errorCode: "40P01" },
    });
    expect(lines[0]).not.toContain("AT-secret");
  });
});

describe("LOG_LEVEL", () => {
  it("sets the lowest level written; anything else means info", () => {
    vi.stubEnv("LOG_LEVEL", "warn");
    const quiet = createLog(destination);
    quiet.info("dropped");
    quiet.warn("kept");
    vi.stubEnv("LOG_LEVEL", "debug");
    createLog(destination).debug("shown");
    vi.stubEnv("LOG_LEVEL", "loud");
    const fallback = createLog(destination);
    fallback.debug("dropped too");
    fallback.info("info kept");
    expect(written().map((line) => line.event)).toEqual(["kept", "shown", "info kept"]);
  });
});

describe("console output", () => {
  it("becomes JSON lines at its level, with the context and credentials in the text redacted", () => {
    const into = {} as Console;
    routeConsoleToLog(createLog(destination), into);
    withLogContext({ requestId: "req-abcdefgh" }, () => {
      into.error(" ⨯ Error: failed %s", "Authorization: Bearer AT-1234567890", { refresh_token: "RT-1" });
      into.log("✓ Ready in 343ms");
    });
    into.warn("access_token=AT-2&x=1");
    const [error, ready, warn] = written();
    expect(error).toMatchObject({ level: 50, event: "console", requestId: "req-abcdefgh" });
    expect(error!.message).toContain("⨯ Error: failed");
    expect(ready).toMatchObject({ level: 30, event: "console", message: "✓ Ready in 343ms" });
    expect(warn).toMatchObject({ level: 40, message: "access_token=[redacted]&x=1" });
    for (const secret of ["AT-1234567890", "RT-1", "AT-2"]) expect(lines.join("")).not.toContain(secret);
  });

  it("redacts by shape in free text and leaves the rest", () => {
    expect(redactText('GET /x?code=abc123&state=s "password": "pw" Bearer xyz.')).toBe(
      'GET /x?code=[redacted]&state=s "password": "[redacted]" Bearer [redacted]',
    );
  });
});
