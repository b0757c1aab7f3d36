// The request id, the route pattern and the access line every API route writes (lib/http/access-log.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routePattern, withAccessLog } from "@/lib/http/access-log";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics/registry";
import { requestIdFrom } from "@/lib/request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("requestIdFrom", () => {
  it("keeps an offered id that passes the rule, and makes one otherwise", () => {
    expect(requestIdFrom("3f6c1e2a-0b7d-4e59-9a51-2c8d7e6f1a20")).toBe("3f6c1e2a-0b7d-4e59-9a51-2c8d7e6f1a20");
    expect(requestIdFrom("lb.trace:01HZX_7-a")).toBe("lb.trace:01HZX_7-a");
    for (const bad of [
      null,
      "",
      "short",
      "x".repeat(65),
      "two words here",
      'quote"d-id',
      "line\nbreak-id",
      "ünïcode-id",
    ])
      expect(requestIdFrom(bad)).toMatch(UUID);
    expect(requestIdFrom(null)).not.toBe(requestIdFrom(null));
  });
});

describe("routePattern", () => {
  it("names the route, not the address", () => {
    expect(routePattern("/api/templates", {})).toBe("/api/templates");
    expect(routePattern("/api/templates/4f1c", { id: "4f1c" })).toBe("/api/templates/[id]");
    expect(routePattern("/api/submissions/abc/retry", { id: "abc" })).toBe("/api/submissions/[id]/retry");
    expect(routePattern("/api/auth/callback/playground", { nextauth: ["callback", "playground"] })).toBe(
      "/api/auth/[...nextauth]",
    );
    expect(routePattern("/api/transactions/caf%C3%A9", { id: "café" })).toBe("/api/transactions/[id]");
    expect(routePattern("/api/x/abc", undefined)).toBe("/api/x/abc");
  });

  it("says unmatched rather than keep a value it could not place", () => {
    expect(routePattern("/api/templates/%ZZ", { id: "other" })).toBe("unmatched");
  });
});

describe("withAccessLog", () => {
  let out: Record<string, unknown>[];
  beforeEach(() => {
    vi.stubEnv("APPORTION_SILENT_LOGS", "0");
    out = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      out.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      return true;
    });
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  const context = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

  it("returns the id, puts it on every line the request writes, and writes one access line", async () => {
    const route = withAccessLog(async (_request, _context, seen) => {
      seen.organizationId = "1001";
      log.info("templates.saved", { templateId: "t1" });
      return Response.json({ ok: true }, { status: 201 });
    });
    const before = await counted("/api/templates/[id]", "PATCH", "201");
    const request = new Request("http://app.test/api/templates/t1?access_token=AT-query", {
      method: "PATCH",
      headers: { "x-request-id": "client-id-0001" },
    });
    const response = await route(request, context({ id: "t1" }));
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request-id")).toBe("client-id-0001");
    expect(out).toMatchObject([
      { event: "templates.saved", requestId: "client-id-0001", route: "/api/templates/[id]", method: "PATCH" },
      {
        event: "http.request",
        requestId: "client-id-0001",
        method: "PATCH",
        route: "/api/templates/[id]",
        status: 201,
        organizationId: "1001",
      },
    ]);
    expect(typeof out[1]!.ms).toBe("number");
    expect(JSON.stringify(out)).not.toContain("AT-query");
    expect(await counted("/api/templates/[id]", "PATCH", "201")).toBe(before + 1);
  });

  it("makes an id for a request without a usable one, and answers a throw with 500 and its route", async () => {
    const route = withAccessLog(async () => {
      throw new Error("the database went away");
    });
    const response = await route(
      new Request("http://app.test/api/inbox", { headers: { "x-request-id": "bad id" } }),
      context({}),
    );
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    expect(response.status).toBe(500);
    expect(out).toMatchObject([
      {
        event: "api.unhandled_error",
        requestId: id,
        route: "/api/inbox",
        error: { message: "the database went away" },
      },
      { event: "http.request", requestId: id, status: 500, route: "/api/inbox", method: "GET" },
    ]);
  });

  it("sets the id on an answer whose headers cannot change", async () => {
    const route = withAccessLog(async () => Response.redirect("http://app.test/elsewhere", 303));
    const response = await route(new Request("http://app.test/api/go"), context({}));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://app.test/elsewhere");
    expect(response.headers.get("x-request-id")).toMatch(UUID);
  });
});

async function counted(route: string, method: string, status: string): Promise<number> {
  const { values } = await metrics().httpRequests.get();
  return (
    values.find((v) => v.labels.route === route && v.labels.method === method && v.labels.status === status)?.value ?? 0
  );
}
