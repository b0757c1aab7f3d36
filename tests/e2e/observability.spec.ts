// What an operator sees of the production app: a request id on every request, kept
// from x-request-id when it passes the rule and returned; every line a request writes carries it,
// down to the failed service calls of the send it started; one access line per API request with
// the route pattern; every line after Next.js's banner is JSON; and /api/metrics passes promtool.
import { splitRowInput } from "../support/split-input";
import { hasPromtool, metricsProblems } from "../support/promtool";
import { appLogLines, readAppLog } from "./app-log";
import { METRICS_TOKEN } from "./config";
import { expect, test } from "./fixtures";
import { connect, emulatorSwitch, resetAppData } from "./helpers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test.beforeEach(async ({ request }) => {
  await emulatorSwitch(request, "reset");
  await resetAppData();
});

const linesOf = (requestId: string) => appLogLines().filter((line) => line.requestId === requestId);

test("request ids, access lines, failed sends in the log, JSON lines only, and metrics promtool accepts", async ({
  page,
  request,
}) => {
  await connect(page);
  const api = page.request;
  await expect.poll(async () => (await (await api.get("/api/transactions")).text()).includes("51001001")).toBe(true);

  // An id the caller sends is kept and returned; the access line names the route and organization.
  const offered = `e2e-${crypto.randomUUID()}`;
  const listed = await api.get("/api/submissions", { headers: { "x-request-id": offered } });
  expect(listed.status()).toBe(200);
  expect(listed.headers()["x-request-id"]).toBe(offered);
  await expect.poll(() => linesOf(offered).map((line) => line.event)).toContain("http.request");
  const access = linesOf(offered).find((line) => line.event === "http.request");
  expect(access).toMatchObject({ method: "GET", route: "/api/submissions", status: 200, organizationId: "1001" });
  expect(typeof access!.ms).toBe("number");

  // One that breaks the rule is replaced; the route is the pattern, not the address.
  const missing = crypto.randomUUID();
  const refused = await api.get(`/api/submissions/${missing}`, { headers: { "x-request-id": "not a usable id" } });
  expect(refused.status()).toBe(404);
  const made = refused.headers()["x-request-id"]!;
  expect(made).toMatch(UUID);
  await expect
    .poll(() => linesOf(made).find((line) => line.event === "http.request"))
    .toMatchObject({ route: "/api/submissions/[id]", status: 404 });

  // A send while the service fails imports: the failed call is logged with the send's request id.
  await emulatorSwitch(request, "faults", {
    fail: { status: 500, count: 1000, path_prefix: "/admin/oauth2/api/v1/imports" },
  });
  const sendId = `e2e-send-${crypto.randomUUID()}`;
  const sent = await api.post("/api/submissions", {
    headers: { "x-request-id": sendId },
    data: {
      idempotencyKey: crypto.randomUUID(),
      allocations: [
        {
          transactionId: "51001001",
          totalCents: 10_000,
          currency: "USD",
          removedSplitIds: [],
          rows: [splitRowInput("ext-1001-0001:1", "100")],
        },
      ],
    },
  });
  expect(sent.status()).toBe(201);
  expect(sent.headers()["x-request-id"]).toBe(sendId);
  await expect
    .poll(() => linesOf(sendId).map((line) => line.event), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(["http.request", "service.call_failed", "imports.send_failed"]));
  expect(linesOf(sendId).find((line) => line.event === "service.call_failed")).toMatchObject({
    route: "/api/submissions",
    organizationId: "1001",
    operation: "/imports",
    status: "500",
    attempt: 1,
    cause: { name: "ServiceApiError", status: 500 },
  });

  // Pages get an id from the proxy.
  expect((await api.get("/settings")).headers()["x-request-id"]).toMatch(UUID);

  // The metrics, live: HTTP requests by route pattern, and nothing promtool objects to.
  const scrape = await request.get("/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(scrape.status()).toBe(200);
  const text = await scrape.text();
  expect(text).toMatch(
    /^apportion_http_requests_total\{[^}]*route="\/api\/submissions\/\[id\]"[^}]*status="404"[^}]*\} \d+$/m,
  );
  expect(text).toMatch(/^apportion_build_info\{version="[^"]+"\} 1$/m);
  expect(text).toMatch(/^apportion_submissions\{state="sending"\} \d+$/m);
  if (hasPromtool) expect(metricsProblems(text)).toEqual([]);

  // Every line after the banner is JSON (appLogLines throws naming one that is not), none a token.
  expect(appLogLines().length).toBeGreaterThan(5);
  expect(readAppLog()).not.toMatch(/Bearer (?!\[redacted\])/);
});
