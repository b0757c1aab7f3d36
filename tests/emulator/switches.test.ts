import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import {
  API_ENDPOINTS,
  HARBOR,
  RIVERSIDE,
  callApi,
  connect,
  getCode,
  postSwitch,
  refresh,
  startTestEmulator,
  type TestEmulator,
  emulatorPerFile,
} from "./helpers";

let emu: TestEmulator;
emulatorPerFile((started) => (emu = started));

const DISABLED = { valid: false, errors: ["Disabled integration"] };

async function dump(): Promise<string> {
  const response = await fetch(`${emu.url}/__emulator/state`);
  expect(response.status).toBe(200);
  return response.text();
}

describe("disconnect", () => {
  it("makes every API endpoint answer Disabled integration, for that organization only", async () => {
    const riverside = await connect(emu);
    const harbor = await connect(emu, { email: HARBOR.email });
    const response = await postSwitch(emu, "disconnect", { organization_id: "1001" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, disconnected_grants: 1 });

    for (const endpoint of API_ENDPOINTS) {
      const answer = await callApi(emu, riverside.access_token, endpoint.path, endpoint.init);
      expect(answer.status, endpoint.path).toBe(401);
      expect(await answer.json()).toEqual(DISABLED);
    }
    expect((await callApi(emu, harbor.access_token, "/details")).status).toBe(200);
    // A disconnected grant cannot be refreshed back to life.
    expect((await refresh(emu, riverside.refresh_token)).status).toBe(400);
  });

  it("is undone by a new authorization of the same organization", async () => {
    const before = await connect(emu);
    await postSwitch(emu, "disconnect", { organization_id: 1001 });
    const after = await connect(emu);
    expect((await callApi(emu, after.access_token, "/details")).status).toBe(200);
    expect(await (await callApi(emu, before.access_token, "/details")).json()).toEqual(DISABLED);
  });

  it("answers an unknown organization with 404 and a bad body with 400", async () => {
    expect((await postSwitch(emu, "disconnect", { organization_id: "9999" })).status).toBe(404);
    expect((await postSwitch(emu, "disconnect", { organization: "1001" })).status).toBe(400);
  });
});

describe("token revocation switches", () => {
  it("revoke-access-tokens: the access token answers Unauthorized, the refresh token still works", async () => {
    const tokens = await connect(emu);
    expect((await postSwitch(emu, "revoke-access-tokens", { organization_id: "1001" })).status).toBe(200);
    const answer = await callApi(emu, tokens.access_token, "/details");
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ valid: false, errors: ["Unauthorized"] });

    const refreshed = await refresh(emu, tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    const { access_token } = (await refreshed.json()) as { access_token: string };
    expect((await callApi(emu, access_token, "/details")).status).toBe(200);
  });

  it("revoke-refresh-tokens: refresh answers invalid_grant, the access token still works", async () => {
    const tokens = await connect(emu);
    expect((await postSwitch(emu, "revoke-refresh-tokens", { organization_id: "1001" })).status).toBe(200);
    const refreshed = await refresh(emu, tokens.refresh_token);
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ error: "invalid_grant" });
    expect((await callApi(emu, tokens.access_token, "/details")).status).toBe(200);
  });
});

describe("reset and state", () => {
  it("restores the seed and forgets grants, codes and stats", async () => {
    const tokens = await connect(emu);
    await getCode(emu);
    const riverside = emu.state.organizations.get(RIVERSIDE.id);
    riverside?.transactions.splice(0, 1);

    expect((await fetch(`${emu.url}/__emulator/reset`, { method: "POST" })).status).toBe(200);
    const state = JSON.parse(await dump()) as Record<string, unknown>;
    expect(state.grants).toEqual([]);
    expect(state.pending_codes).toBe(0);
    expect(state.stats).toEqual({
      tokenRequests: { authorization_code: 0, refresh_token: 0, other: 0 },
      apiCalls: {},
      faultsServed: 0,
    });
    expect(state.organizations).toEqual([
      {
        id: 1001,
        name: "Riverside Food Bank",
        admin_email: "admin@riverside.example",
        campaigns: 4,
        funds: 4,
        transactions: 13,
      },
      {
        id: 1002,
        name: "Harbor Arts Collective",
        admin_email: "admin@harbor.example",
        campaigns: 4,
        funds: 4,
        transactions: 13,
      },
    ]);
    expect(emu.state.organizations.get(RIVERSIDE.id)?.transactions[0]?.transaction_id).toBe("51001001");
    expect((await callApi(emu, tokens.access_token, "/details")).status).toBe(401);
  });

  it("never shows token values, codes or their hashes", async () => {
    const tokens = await connect(emu);
    const rotated = (await (await refresh(emu, tokens.refresh_token)).json()) as typeof tokens;
    const code = await getCode(emu);
    const text = await dump();
    const secrets = [tokens.access_token, tokens.refresh_token, rotated.access_token, rotated.refresh_token, code];
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(createHash("sha256").update(secret).digest("hex"));
    }
    const state = JSON.parse(text) as { grants: Array<Record<string, unknown>> };
    expect(state.grants[0]).toMatchObject({
      organization_id: 1001,
      scopes: ["basic", "data_add", "data_query"],
      status: "active",
      integration_status: null,
      integration_units: null,
      created_at: Math.floor(emu.clock.ms / 1000),
    });
  });
});

describe("faults", () => {
  it("answers the next N matching requests with 500, then recovers", async () => {
    const { access_token } = await connect(emu);
    const set = await postSwitch(emu, "faults", {
      fail: { status: 500, count: 2, path_prefix: "/admin/oauth2/api/v1/" },
    });
    expect(set.status).toBe(200);
    // Requests outside the prefix are untouched.
    expect((await fetch(`${emu.url}/admin/oauth2/authorize`)).status).toBe(400);
    for (let i = 0; i < 2; i++) {
      const answer = await callApi(emu, access_token, "/details");
      expect(answer.status).toBe(500);
      expect(await answer.json()).toMatchObject({ valid: false });
    }
    expect((await callApi(emu, access_token, "/details")).status).toBe(200);
    expect(emu.state.stats.faultsServed).toBe(2);
  });

  it("answers 429 with Retry-After", async () => {
    const { access_token } = await connect(emu);
    await postSwitch(emu, "faults", { fail: { status: 429, count: 1, retry_after: 7 } });
    const answer = await callApi(emu, access_token, "/details");
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("7");
    expect((await callApi(emu, access_token, "/details")).status).toBe(200);
  });

  it("applies to the token endpoint too, and DELETE clears the faults", async () => {
    await postSwitch(emu, "faults", {
      fail: { status: 500, count: 5, path_prefix: "/admin/oauth2/token" },
    });
    expect((await refresh(emu, "x")).status).toBe(500);
    const cleared = await fetch(`${emu.url}/__emulator/faults`, { method: "DELETE" });
    expect(cleared.status).toBe(200);
    expect((await refresh(emu, "x")).status).toBe(400);
  });

  it("adds latency", async () => {
    await postSwitch(emu, "faults", { latency_ms: 150 });
    const started = performance.now();
    await fetch(`${emu.url}/admin/oauth2/authorize`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    // Switches are never delayed or failed, so a test can always clear what it set.
    const clearStarted = performance.now();
    await fetch(`${emu.url}/__emulator/faults`, { method: "DELETE" });
    expect(performance.now() - clearStarted).toBeLessThan(140);
  });

  it("rejects an invalid fault", async () => {
    expect((await postSwitch(emu, "faults", { fail: { status: 503, count: 1 } })).status).toBe(400);
    expect((await postSwitch(emu, "faults", { fail: { status: 500, count: 0 } })).status).toBe(400);
  });
});

describe("routing", () => {
  it("answers health and unknown paths", async () => {
    expect(await (await fetch(`${emu.url}/__emulator/health`)).json()).toEqual({ ok: true });
    const missing = await fetch(`${emu.url}/no/such/path`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/json");
  });

  it("does not mount the switches when they are disabled", async () => {
    const locked = await startTestEmulator({ testSwitches: false });
    try {
      expect((await fetch(`${locked.url}/__emulator/reset`, { method: "POST" })).status).toBe(404);
      expect((await fetch(`${locked.url}/__emulator/state`)).status).toBe(404);
      expect((await fetch(`${locked.url}/__emulator/health`)).status).toBe(200);
    } finally {
      await locked.close();
    }
  });
});
