// The series read at scrape time (submissions by state, first copies, worker heartbeats, the
// pool, the build), the process's own figures, send → Verified and token refreshes, a scrape that
// passes `promtool check metrics`; and the log lines of a service call that fails and is retried.
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { GET } from "@/app/api/metrics/route";
import { withServiceAccess } from "@/lib/connections/service-access";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import { installServiceMetrics } from "@/lib/metrics/service-calls";
import { queryTransactions } from "@/lib/service/transactions";
import { removeHeartbeat, writeHeartbeat } from "@/lib/worker/heartbeat";
import { emulatorSwitch } from "../support/connected-org";
import { hasPromtool, metricsProblems } from "../support/promtool";
import { submitEven, verdict, withSyncedOrganization } from "../support/synced-org";

const TOKEN = "metrics-token-for-the-state-test-0123456789";
const org = withSyncedOrganization();
const version = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;

beforeAll(() => {
  process.env.METRICS_TOKEN = TOKEN;
  clearEnvCache();
  installServiceMetrics();
});
afterAll(() => {
  delete process.env.METRICS_TOKEN;
  clearEnvCache();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

async function scrape(): Promise<string> {
  const response = await GET(
    new Request("http://localhost/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(200);
  return response.text();
}

const value = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

it("reports submissions by state, first copies, heartbeats, the pool, the build and the process", async () => {
  // The run's files share one database, and heartbeats have no organization, so no reset empties
  // them: a worker another file stopped without its clean exit (a crash test) left its row.
  await db().workerHeartbeat.deleteMany();
  const before = await scrape();
  const verifiedBefore = value(before, "apportion_send_to_verified_seconds_count") ?? 0;
  expect((await verdict(await submitEven(org.connection, ["51001001"]))).verification).toBe("verified");
  await submitEven(org.connection, ["51001002"]); // stored, not sent: "sending"
  await writeHeartbeat("worker-metrics-test", {});
  // A second organization's first copy under way, and a third's not begun.
  await db().transactionSync.update({
    where: { connectionId: org.connection.id },
    data: { changesSince: null, mode: "full" },
  });

  const text = await scrape();
  expect(value(text, 'apportion_submissions{state="verified"}')).toBe(1);
  expect(value(text, 'apportion_submissions{state="sending"}')).toBe(1);
  expect(value(text, 'apportion_submissions{state="failed"}')).toBe(0);
  expect(value(text, "apportion_send_to_verified_seconds_count")).toBe(verifiedBefore + 1);
  expect(value(text, 'apportion_first_copies{state="in_progress"}')).toBe(1);
  expect(value(text, 'apportion_first_copies{state="pending"}')).toBe(0);
  expect(value(text, "apportion_workers_live")).toBeGreaterThanOrEqual(1);
  expect(value(text, "apportion_worker_heartbeat_age_seconds")).toBeLessThan(5);
  expect(value(text, 'apportion_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
  expect(value(text, "apportion_db_pool_waiting")).toBe(0);
  expect(value(text, `apportion_build_info{version="${version}"}`)).toBe(1);
  for (const series of [
    "apportion_process_cpu_user_seconds_total",
    "apportion_process_resident_memory_bytes",
    "apportion_nodejs_heap_size_used_bytes",
    "apportion_nodejs_eventloop_lag_p99_seconds",
  ])
    expect(value(text, series), series).toBeGreaterThanOrEqual(0);
  expect(text).toContain("# TYPE apportion_nodejs_gc_duration_seconds histogram");

  await db().transactionSync.update({ where: { connectionId: org.connection.id }, data: { mode: null } });
  await removeHeartbeat("worker-metrics-test");
  const after = await scrape();
  expect(value(after, 'apportion_first_copies{state="pending"}')).toBe(1);
  expect(value(after, "apportion_workers_live")).toBe(0);
  expect(value(after, "apportion_worker_heartbeat_age_seconds")).toBeNaN();
});

it("counts a successful token refresh", async () => {
  const refreshed = async () => value(await scrape(), "apportion_token_refreshes_total") ?? 0;
  const before = await refreshed();
  await emulatorSwitch(org.emulator, "revoke-access-tokens", { organization_id: "1001" });
  await withServiceAccess(org.connection.id, (token, target) => queryTransactions(target, token, { query: {} }));
  expect(await refreshed()).toBe(before + 1);
});

it.skipIf(!hasPromtool)("a scrape passes promtool check metrics", async () => {
  expect(metricsProblems(await scrape())).toEqual([]);
});

it("logs each failed attempt of a call: retried, then failed, with operation, status, organization and cause", async () => {
  vi.stubEnv("APPORTION_SILENT_LOGS", "0");
  const lines: Record<string, unknown>[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    for (const line of String(chunk).split("\n").filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    return true;
  });
  await emulatorSwitch(org.emulator, "faults", {
    fail: { status: 500, count: 3, path_prefix: "/admin/oauth2/api/v1/transactions" },
  });
  await expect(
    withServiceAccess(org.connection.id, (token, target) => queryTransactions(target, token, { query: {} })),
  ).rejects.toThrow();
  const calls = lines.filter((line) => String(line.event).startsWith("service.call_"));
  expect(calls).toMatchObject([
    { event: "service.call_retry", attempt: 1, level: 40 },
    { event: "service.call_retry", attempt: 2 },
    { event: "service.call_failed", attempt: 3 },
  ]);
  for (const call of calls) {
    expect(call).toMatchObject({
      method: "POST",
      operation: "/transactions/query",
      status: "500",
      organizationId: "1001",
      cause: { name: "ServiceApiError", status: 500 },
    });
  }
  expect(JSON.stringify(lines)).not.toMatch(/Bearer|access_token"?:"(?!\[redacted\])/);
});
