// Prometheus metrics at GET /api/metrics: refused without the operator's bearer token, off in
// production without one, and with it every named series: service calls by operation and status
// with their latency, 429s, the adaptive limit, outbox depth and the oldest waiting batch's age,
// sync lag as a histogram, token refresh failures and read-back outcomes.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/metrics/route";
import { withServiceAccess } from "@/lib/connections/service-access";
import { db } from "@/lib/db";
import { clearEnvCache, getEnv } from "@/lib/env";
import { setAdaptiveLimitProvider } from "@/lib/metrics/adaptive-limit";
import { metricsAnswer } from "@/lib/metrics/expose";
import { installServiceMetrics } from "@/lib/metrics/service-calls";
import { queryTransactions } from "@/lib/service/transactions";
import { syncTransactions } from "@/lib/transactions/sync";
import { emulatorSwitch } from "../support/connected-org";
import { submitEven, verdict, withSyncedOrganization } from "../support/synced-org";

const TOKEN = "metrics-token-for-the-integration-test-0123456789";
const org = withSyncedOrganization();

const scrape = (authorization?: string) =>
  GET(new Request("http://localhost/api/metrics", { headers: authorization ? { authorization } : {} }), {
    params: Promise.resolve({}),
  });

beforeAll(() => {
  process.env.METRICS_TOKEN = TOKEN;
  clearEnvCache();
  installServiceMetrics();
});
afterAll(() => {
  delete process.env.METRICS_TOKEN;
  setAdaptiveLimitProvider(undefined);
  clearEnvCache();
});

describe("GET /api/metrics", () => {
  it("refuses without the token, or with another one, and says nothing else", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.status).toBe(401);
      expect(await response.text()).toBe("Unauthorized\n");
    }
  });

  it("accepts either of two tokens while they rotate (new,old), and nothing else", async () => {
    const next = "metrics-token-rotated-in-9876543210abcdef";
    process.env.METRICS_TOKEN = `${next},${TOKEN}`;
    clearEnvCache();
    try {
      for (const token of [next, TOKEN]) expect((await scrape(`Bearer ${token}`)).status).toBe(200);
      for (const authorization of [`Bearer ${next},${TOKEN}`, "Bearer wrong", `Bearer ${next}x`]) {
        expect((await scrape(authorization)).status).toBe(401);
      }
      process.env.METRICS_TOKEN = `${next},${TOKEN},third-token-is-too-many-0123456789`;
      clearEnvCache();
      // A third token is a configuration error: start-up refuses it, and a scrape answers 500 (the
      // access log wraps the route) rather than reading either token.
      expect(() => getEnv()).toThrow(/METRICS_TOKEN: at most two tokens/);
      expect((await scrape(`Bearer ${next}`)).status).toBe(500);
    } finally {
      process.env.METRICS_TOKEN = TOKEN;
      clearEnvCache();
    }
  });

  it("is off in production when no token is configured", async () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        NODE_ENV: "production",
        SERVICE_ENVIRONMENT: "playground",
        SERVICE_BASE_URL: "http://127.0.0.1:4010",
        SERVICE_CLIENT_ID: "id",
        SERVICE_CLIENT_SECRET: "secret",
        NEXTAUTH_URL: "http://localhost:3000",
        NEXTAUTH_SECRET: "a-production-secret-of-at-least-32-characters",
        TOKEN_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString("base64")}`,
      });
      delete process.env.METRICS_TOKEN;
      clearEnvCache();
      const answer = await metricsAnswer(null);
      expect(answer.status).toBe(404);
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
      clearEnvCache();
    }
  });

  it("with the token, exposes every named series", async () => {
    // Calls by operation and status, with latency; and one 429 (retried: the sync still completes).
    await emulatorSwitch(org.emulator, "faults", {
      fail: { status: 429, count: 1, path_prefix: "/admin/oauth2/api/v1/transactions", retry_after: 0 },
    });
    await syncTransactions(org.connection.id);
    // A read-back outcome.
    const submission = await verdict(await submitEven(org.connection, ["51001001"]));
    expect(submission.verification).toBe("verified");
    // A refused refresh: both tokens revoked, so the call's refresh fails for good.
    await emulatorSwitch(org.emulator, "revoke-access-tokens", { organization_id: "1001" });
    await emulatorSwitch(org.emulator, "revoke-refresh-tokens", { organization_id: "1001" });
    await expect(
      withServiceAccess(org.connection.id, (token, target) => queryTransactions(target, token, { query: {} })),
    ).rejects.toThrow();
    // The service client that adapts sets the limiter's provider when it loads (the sync above
    // loaded it, in whatever order this file's imports ran); without one the gauge says nothing.
    setAdaptiveLimitProvider(undefined);
    expect(await (await scrape(`Bearer ${TOKEN}`)).text()).not.toMatch(/^apportion_service_adaptive_limit\{/m);
    setAdaptiveLimitProvider(() => [8, 3, 5]);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const has = (pattern: RegExp) => expect(text).toMatch(pattern);
    has(/^apportion_service_calls_total\{method="POST",operation="\/transactions\/query",status="200"\} \d+/m);
    has(/^apportion_service_calls_total\{method="POST",operation="\/transactions\/query",status="429"\} 1$/m);
    has(
      /^apportion_service_call_duration_seconds_bucket\{le="0\.1",method="POST",operation="\/transactions\/query"\} \d+/m,
    );
    has(/^apportion_service_call_duration_seconds_count\{method="POST",operation="\/imports"\} \d+/m);
    has(/^apportion_service_rate_limited_total\{operation="\/transactions\/query"\} 1$/m);
    has(/^apportion_service_adaptive_limit\{stat="min"\} 3$/m);
    has(/^apportion_service_adaptive_limit\{stat="median"\} 5$/m);
    has(/^apportion_service_adaptive_limit\{stat="max"\} 8$/m);
    has(/^apportion_outbox_batches\{state="pending"\} 0$/m);
    has(/^apportion_outbox_batches\{state="sent"\} 0$/m);
    has(/^apportion_outbox_oldest_waiting_seconds 0$/m);
    // One organization connected, synced moments ago; it is now stopped (needs reconnect), so
    // the histogram counts active organizations only: none.
    has(/^apportion_sync_lag_seconds_count 0$/m);
    has(/^apportion_service_calls_total\{method="POST",operation="\/admin\/oauth2\/token",status="400"\} 1$/m);
    has(/^apportion_service_calls_total\{method="GET",operation="\/imports\/:id",status="200"\} \d+$/m);
    has(/^apportion_token_refresh_failures_total\{kind="refused"\} 1$/m);
    has(/^apportion_read_back_outcomes_total\{outcome="verified"\} 1$/m);
    // No label carries an organization or a token.
    expect(text).not.toContain(org.connection.id);
    // (Labels only: the process's figures are numbers that may hold any digits.)
    expect(text.match(/\{[^}]*\}/g)?.join(" ")).not.toMatch(/1001|riverside/i);
  });

  it("sync lag: each active organization once, in its bucket; a batch waiting counts with its age", async () => {
    const id = await submitEven(org.connection, ["51001001"]); // stored, not sent: nothing ticks here
    // Stored a second ago, as PostgreSQL counts its age; and this process a second on, past the
    // outbox figures kept from the previous scrape.
    await db().$executeRaw`UPDATE "Submission" SET "createdAt" = "createdAt" - interval '1.1 seconds' WHERE id = ${id}::uuid`;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 1_100 });
    const text = await scrape(`Bearer ${TOKEN}`)
      .then((answer) => answer.text())
      .finally(() => vi.useRealTimers());
    expect(text).toMatch(/^apportion_outbox_batches\{state="pending"\} 1$/m);
    const oldest = Number(/^apportion_outbox_oldest_waiting_seconds (\S+)$/m.exec(text)?.[1]);
    expect(oldest).toBeGreaterThanOrEqual(1);
    expect(oldest).toBeLessThan(60);
    expect(text).toMatch(/^apportion_sync_lag_seconds_bucket\{le="30"\} 1$/m);
    expect(text).toMatch(/^apportion_sync_lag_seconds_count 1$/m);
  });
});
