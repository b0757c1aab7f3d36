// The emulator's realism: latency from a seeded distribution, rate limits per token and
// per organization, calls at once per organization, import time per row, many organizations with
// tokens. All off unless set.
import { describe, expect, it, vi } from "vitest";
import { configFromEnv } from "@/emulator/config";
import { LatencyDraw } from "@/emulator/realism/latency";
import { TokenBucket } from "@/emulator/realism/token-bucket";
import { callApi, connect, emulatorPerFile, postJson, type TestEmulator } from "./helpers";
import { submit } from "./import-helpers";

let emu: TestEmulator;
emulatorPerFile((started) => (emu = started), { importDelayMs: 0 });

const realism = (body: unknown) => postJson(`${emu.url}/__emulator/realism`, body);
const query = (token: string) =>
  callApi(emu, token, "/transactions/query", { method: "POST", body: JSON.stringify({ per_page: 1 }) });

describe("latency", () => {
  it("draws a log-normal with the median and p99 asked for, the same for the same seed", () => {
    const draw = new LatencyDraw({ medianMs: 150, p99Ms: 600 }, 7);
    const values = Array.from({ length: 20_000 }, () => draw.next()).sort((a, b) => a - b);
    const at = (q: number) => values[Math.floor(q * values.length)]!;
    expect(at(0.5)).toBeGreaterThan(140);
    expect(at(0.5)).toBeLessThan(160);
    expect(at(0.99)).toBeGreaterThan(520);
    expect(at(0.99)).toBeLessThan(690);
    const again = new LatencyDraw({ medianMs: 150, p99Ms: 600 }, 7);
    const first = new LatencyDraw({ medianMs: 150, p99Ms: 600 }, 7);
    expect(Array.from({ length: 5 }, () => again.next())).toEqual(Array.from({ length: 5 }, () => first.next()));
  });

  it("answers a call after the drawn latency", async () => {
    const { access_token } = await connect(emu);
    await realism({ latency: { median_ms: 120, p99_ms: 120 } });
    const started = Date.now();
    expect((await query(access_token)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
    // An empty body returns to the configured realism: no latency.
    await realism({});
    const shown = (await (await fetch(`${emu.url}/__emulator/realism`)).json()) as { realism: { latency: unknown } };
    expect(shown.realism.latency).toBeNull();
  });
});

describe("rate limits", () => {
  it("a token bucket refuses past its burst, says when the next token comes, and a look takes nothing", () => {
    const bucket = new TokenBucket({ perSecond: 4, burst: 2 }, 0);
    expect(bucket.wait(0)).toBeNull();
    bucket.take(0);
    expect(bucket.wait(0)).toBeNull();
    bucket.take(0);
    expect(bucket.wait(0)).toBe(250);
    expect(bucket.wait(100)).toBe(150); // the refusal took nothing
    expect(bucket.wait(250)).toBeNull();
    expect(bucket.untilNext(250)).toBe(250);
    expect(bucket.untilNext(1_000)).toBeNull(); // full
  });

  it("refuses calls past the token's rate with 429 and Retry-After, and lets another token through", async () => {
    const first = await connect(emu);
    const second = await connect(emu);
    await realism({ rate_per_token: { per_second: 1, burst: 2 } });
    expect((await query(first.access_token)).status).toBe(200);
    expect((await query(first.access_token)).status).toBe(200);
    const refused = await query(first.access_token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toEqual({ valid: false, errors: ["Too many requests"] });
    expect((await query(second.access_token)).status).toBe(200);
    const shown = (await (await fetch(`${emu.url}/__emulator/realism`)).json()) as { stats: Record<string, number> };
    expect(shown.stats.refused_per_token).toBe(1);
  });

  it("counts every token of an organization against the organization's rate", async () => {
    const first = await connect(emu);
    const second = await connect(emu);
    await realism({ rate_per_organization: { per_second: 0.5, burst: 2 } });
    expect((await query(first.access_token)).status).toBe(200);
    expect((await query(second.access_token)).status).toBe(200);
    const refused = await query(second.access_token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("2");
  });

  it("refuses a call past the organization's calls at once, and not once one ended", async () => {
    const { access_token } = await connect(emu);
    await realism({ concurrent_per_organization: 2, latency: { median_ms: 200, p99_ms: 200 } });
    const answers = await Promise.all([query(access_token), query(access_token), query(access_token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429]);
    expect(answers.find((a) => a.status === 429)!.headers.get("retry-after")).toBe("1");
    expect((await query(access_token)).status).toBe(200);
  });

  it("a reset restores the configured realism (off)", async () => {
    const { access_token } = await connect(emu);
    await realism({ rate_per_token: { per_second: 1, burst: 1 } });
    await postJson(`${emu.url}/__emulator/reset`, {});
    const again = await connect(emu);
    for (let i = 0; i < 5; i++) expect((await query(again.access_token)).status).toBe(200);
    expect(access_token).not.toBe(again.access_token);
  });

  it("refuses a body it cannot read, naming the field", async () => {
    const refused = await realism({ latency: { median_ms: 600, p99_ms: 150 } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain("p99_ms must be at least median_ms");
  });
});

const env = (vars: Record<string, string>) => ({ NODE_ENV: "test", ...vars }) as NodeJS.ProcessEnv;

describe("configuration", () => {
  it("reads each realism variable, and fails on one it cannot read", () => {
    const config = configFromEnv(
      env({
        EMULATOR_LATENCY_MEDIAN_MS: "150",
        EMULATOR_LATENCY_P99_MS: "600",
        EMULATOR_RATE_PER_TOKEN: "10/20",
        EMULATOR_RATE_PER_ORGANIZATION: "10",
        EMULATOR_RATE_KEY: "client_organization",
        EMULATOR_CONCURRENT_PER_ORGANIZATION: "8",
        EMULATOR_IMPORT_MS_PER_ROW: "5",
        EMULATOR_REALISM_SEED: "3",
      }),
    );
    expect(config.realism).toEqual({
      latency: { medianMs: 150, p99Ms: 600 },
      perToken: { perSecond: 10, burst: 20 },
      perOrganization: { perSecond: 10, burst: 10 },
      rateKey: "client_organization",
      concurrentPerOrganization: 8,
      importMsPerRow: 5,
      seed: 3,
    });
    expect(configFromEnv(env({})).realism.latency).toBeNull();
    expect(() => configFromEnv(env({ EMULATOR_RATE_PER_TOKEN: "fast" }))).toThrow(/EMULATOR_RATE_PER_TOKEN/);
    expect(() => configFromEnv(env({ EMULATOR_LATENCY_MEDIAN_MS: "150" }))).toThrow(/go together/);
    expect(configFromEnv(env({})).realism.rateKey).toBe("token");
    expect(() => configFromEnv(env({ EMULATOR_RATE_KEY: "ip" }))).toThrow(/EMULATOR_RATE_KEY/);
  });
});

describe("import time per row", () => {
  it("keeps an import Working for its rows' time", async () => {
    const { access_token } = await connect(emu);
    await realism({ import_ms_per_row: 150 });
    const rows = [0, 1].map((n) => ({
      transaction_id: "51001001",
      id: `realism:${n}`,
      unit_amount_in_cents: 1250,
      quantity: 1,
      campaign: "Annual Fund",
      fund: "General",
    }));
    // The import queue waits with setTimeout: only that is faked, so HTTP runs on real time.
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const id = await submit(emu, access_token, rows, "transaction_id");
      const status = async () =>
        ((await (await callApi(emu, access_token, `/imports/${id}`)).json()) as { status: string }).status;
      await vi.advanceTimersByTimeAsync(150);
      expect(await status()).toBe("Working");
      await vi.advanceTimersByTimeAsync(400);
      expect(await status()).toBe("Complete");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("many organizations", () => {
  it("creates them with an admin, seeded gift counts and tokens the API takes", async () => {
    const made = await postJson(`${emu.url}/__emulator/organizations`, {
      count: 5,
      seed: 11,
      gifts: { min: 50, max: 350 },
    });
    expect(made.status).toBe(200);
    const { organizations } = (await made.json()) as {
      organizations: { organization_id: number; admin_email: string; gifts: number; access_token: string }[];
    };
    expect(organizations).toHaveLength(5);
    expect(new Set(organizations.map((o) => o.organization_id)).size).toBe(5);
    for (const org of organizations) {
      expect(org.gifts).toBeGreaterThanOrEqual(50);
      expect(org.gifts).toBeLessThanOrEqual(350);
      expect(org.admin_email).toContain(String(org.organization_id));
      const answer = (await (await query(org.access_token)).json()) as { total: number };
      expect(answer.total).toBe(org.gifts);
    }
    await postJson(`${emu.url}/__emulator/reset`, {});
    const again = await postJson(`${emu.url}/__emulator/organizations`, {
      count: 5,
      seed: 11,
      gifts: { min: 50, max: 350 },
    });
    const sizes = ((await again.json()) as { organizations: { gifts: number }[] }).organizations.map((o) => o.gifts);
    expect(sizes).toEqual(organizations.map((o) => o.gifts));
  });

  it("refuses a count past its limit", async () => {
    const refused = await postJson(`${emu.url}/__emulator/organizations`, { count: 0, gifts: { min: 1, max: 2 } });
    expect(refused.status).toBe(400);
  });
});
