// The order of the realism's checks: the grant first, then the cap on
// calls at once, then both rate buckets together; a refused call takes no token from either. The
// rate may be keyed by client and organization instead of access token, and every limited answer
// carries RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers-11).
import { describe, expect, it } from "vitest";
import {
  callApi,
  connect,
  emulatorPerFile,
  postJson,
  postSwitch,
  refresh,
  RIVERSIDE,
  type TestEmulator,
} from "./helpers";

let emu: TestEmulator;
emulatorPerFile((started) => (emu = started), { importDelayMs: 0 });

const realism = async (body: unknown) => {
  const answer = await postJson(`${emu.url}/__emulator/realism`, body);
  expect(answer.status).toBe(200);
};
const query = (token: string) =>
  callApi(emu, token, "/transactions/query", { method: "POST", body: JSON.stringify({ per_page: 1 }) });
const statuses = async (calls: Promise<Response>[]) => (await Promise.all(calls)).map((answer) => answer.status);
/** A rate that does not refill within a test: only the burst counts. */
const slow = (burst: number) => ({ per_second: 0.001, burst });

describe("a refused call takes no token", () => {
  it("one token past its own rate does not use up its organization's rate", async () => {
    const greedy = await connect(emu);
    const other = await connect(emu);
    await realism({ rate_per_token: slow(1), rate_per_organization: slow(3) });
    expect((await query(greedy.access_token)).status).toBe(200);
    // Ignoring Retry-After: each of these is refused by the token's own bucket.
    for (let i = 0; i < 5; i++) expect((await query(greedy.access_token)).status).toBe(429);
    // The organization's bucket still holds two: the other token is served.
    expect((await query(other.access_token)).status).toBe(200);
    expect((await query(other.access_token)).status).toBe(429); // its own bucket's one is used
  });

  it("a call past the calls at once takes no rate token", async () => {
    const { access_token } = await connect(emu);
    await realism({
      rate_per_token: slow(2),
      concurrent_per_organization: 1,
      latency: { median_ms: 150, p99_ms: 150 },
    });
    const at_once = await statuses([query(access_token), query(access_token), query(access_token)]);
    expect(at_once.sort()).toEqual([200, 429, 429]);
    // Only the call that was answered took a token: one is left.
    expect((await query(access_token)).status).toBe(200);
    expect((await query(access_token)).status).toBe(429);
  });
});

describe("the grant is checked before limiting", () => {
  it("a disconnected integration answers Disabled integration, also when its bucket is empty", async () => {
    const { access_token } = await connect(emu);
    await realism({ rate_per_token: slow(1), rate_per_organization: slow(1) });
    expect((await query(access_token)).status).toBe(200);
    expect((await query(access_token)).status).toBe(429);
    expect((await postSwitch(emu, "disconnect", { organization_id: RIVERSIDE.id })).status).toBe(200);
    const answer = await query(access_token);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ valid: false, errors: ["Disabled integration"] });
  });

  it("an unknown token answers Unauthorized, not 429, and takes nothing", async () => {
    const { access_token } = await connect(emu);
    await realism({ rate_per_organization: slow(1), concurrent_per_organization: 1 });
    for (let i = 0; i < 3; i++) expect((await query("not-a-token")).status).toBe(401);
    expect((await query(access_token)).status).toBe(200);
  });
});

describe("keying the rate by client and organization", () => {
  it("by access token (the default), a refresh brings a fresh bucket", async () => {
    const tokens = await connect(emu);
    await realism({ rate_per_token: slow(1) });
    expect((await query(tokens.access_token)).status).toBe(200);
    expect((await query(tokens.access_token)).status).toBe(429);
    const fresh = (await (await refresh(emu, tokens.refresh_token)).json()) as { access_token: string };
    expect((await query(fresh.access_token)).status).toBe(200);
  });

  it("by client and organization, neither a refresh nor a second grant does", async () => {
    const tokens = await connect(emu);
    const second = await connect(emu);
    await realism({ rate_per_token: slow(2), rate_key: "client_organization" });
    expect((await query(tokens.access_token)).status).toBe(200);
    const fresh = (await (await refresh(emu, tokens.refresh_token)).json()) as { access_token: string };
    expect((await query(fresh.access_token)).status).toBe(200);
    expect((await query(fresh.access_token)).status).toBe(429);
    expect((await query(second.access_token)).status).toBe(429);
    // Another organization of the same client has its own bucket.
    const harbor = await connect(emu, { email: "admin@harbor.example" });
    expect((await query(harbor.access_token)).status).toBe(200);
    const shown = (await (await fetch(`${emu.url}/__emulator/realism`)).json()) as { realism: { rate_key: string } };
    expect(shown.realism.rate_key).toBe("client_organization");
  });

  it("refuses a key it does not know, naming the field", async () => {
    const refused = await postJson(`${emu.url}/__emulator/realism`, { rate_key: "ip" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain("rate_key");
  });
});

describe("RateLimit headers", () => {
  it("describe each policy and what is left of it, on answers and refusals", async () => {
    const { access_token } = await connect(emu);
    await realism({
      rate_per_token: { per_second: 1, burst: 2 },
      rate_per_organization: { per_second: 10, burst: 20 },
      concurrent_per_organization: 8,
    });
    const policy = '"token";q=2;w=2, "organization";q=20;w=2, "concurrency";q=8;qu="concurrent-requests"';
    const first = await query(access_token);
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe(policy);
    expect(first.headers.get("ratelimit")).toBe('"token";r=1;t=1, "organization";r=19;t=1, "concurrency";r=7');
    await query(access_token);
    const refused = await query(access_token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("ratelimit-policy")).toBe(policy);
    expect(refused.headers.get("ratelimit")).toBe('"token";r=0;t=1, "organization";r=18;t=1, "concurrency";r=8');
  });

  it("name the client-and-organization policy by its key, and are absent when nothing is limited", async () => {
    const { access_token } = await connect(emu);
    expect((await query(access_token)).headers.get("ratelimit-policy")).toBeNull();
    await realism({ rate_per_token: { per_second: 0.5, burst: 2 }, rate_key: "client_organization" });
    const answer = await query(access_token);
    expect(answer.headers.get("ratelimit-policy")).toBe('"client-organization";q=2;w=4');
    expect(answer.headers.get("ratelimit")).toBe('"client-organization";r=1;t=2');
  });
});
