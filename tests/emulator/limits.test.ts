// The emulator's limits: an import body is limited while it streams (413), a
// row's names are refused when too long or not Unicode (422, nothing queued), and an expired
// query token's snapshot is dropped at once, so its memory is released.
import { describe, expect, it } from "vitest";
import { MAX_OPEN_QUERIES, QUERY_TOKEN_TTL_MS } from "@/emulator/transactions-query";
import { callApi, connect, connectedEmulatorPerFile, type TestEmulator } from "./helpers";
import { importBody, row } from "./import-helpers";
import { emulatorState } from "./probe-helpers";

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

const importsHeld = async () =>
  ((await (await fetch(`${emu.url}/__emulator/organizations/1001/imports`)).json()) as { imports: unknown[] }).imports;

describe("import limits", () => {
  it("refuses a 5 MB body with 413, declared or streamed, and queues nothing", async () => {
    const big = JSON.stringify(importBody([row("ext-1001-0001", 100, { campaign: "x".repeat(5 * 1024 * 1024) })]));
    const declared = await callApi(emu, token, "/imports", { method: "POST", body: big });
    expect(declared.status).toBe(413);
    // Without a length: chunks counted as they arrive.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 6; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
        controller.close();
      },
    });
    const streamed = await fetch(`${emu.url}/admin/oauth2/api/v1/imports`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // The rest is not read: the connection closes, so the client sends nothing more on it.
    expect(streamed.headers.get("connection")).toBe("close");
    expect(await importsHeld()).toEqual([]);
  });

  it.each([
    ["an over-long campaign", { campaign: "c".repeat(201) }, "data[0].campaign is 201 characters long; at most 200"],
    ["a lone surrogate in a fund", { fund: "Gen\ud800eral" }, "data[0].fund contains half of a surrogate pair"],
    ["a NUL in a campaign", { campaign: "Spring\u0000" }, "data[0].campaign contains a NUL character"],
  ])("refuses %s with 422, and queues nothing", async (_label, extra, message) => {
    const response = await callApi(emu, token, "/imports", {
      method: "POST",
      body: JSON.stringify(importBody([row("ext-1001-0001", 100, extra)])),
    });
    expect(response.status).toBe(422);
    const answer = (await response.json()) as { valid: boolean; errors: string[] };
    expect(answer.valid).toBe(false);
    expect(answer.errors.join(" | ")).toContain(message);
    expect(await importsHeld()).toEqual([]);
  });

  it("takes a 200-character name", async () => {
    const response = await callApi(emu, token, "/imports", {
      method: "POST",
      body: JSON.stringify(importBody([row("ext-1001-0001", 10_000, { campaign: "c".repeat(200) })])),
    });
    expect(response.status).toBe(200);
  });
});

describe("query snapshots", () => {
  it("drops an expired token's snapshot at the next sweep, and still answers that it expired", async () => {
    const query = (body: unknown) =>
      callApi(emu, token, "/transactions/query", { method: "POST", body: JSON.stringify(body) });
    const first = (await (await query({ per_page: 2 })).json()) as { query_token: string };
    const held = (await emulatorState(emu)).query_tokens;
    expect(held).toHaveLength(1);
    expect(held[0]!.snapshot_gifts).toBeGreaterThan(2);

    emu.clock.ms += QUERY_TOKEN_TTL_MS;
    // Any query sweeps (as does a timer when none comes); this one ends in one page.
    expect((await query({ per_page: 50, query: { campaign_id: "no-such-campaign" } })).status).toBe(200);
    expect((await emulatorState(emu)).query_tokens).toEqual([{ organization_id: 1001, snapshot_gifts: 0 }]);

    const again = await query({ query_token: first.query_token });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ valid: false, errors: ["Query token expired"] });
  });
});

describe("open queries per organization", () => {
  const query = (bearer: string, body: unknown) =>
    callApi(emu, bearer, "/transactions/query", { method: "POST", body: JSON.stringify(body) });
  const open = async (bearer: string) => {
    const answer = await query(bearer, { per_page: 1 });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { query_token: string }).query_token;
  };

  it("refuses a new query past the cap with 429, Retry-After and a message; going on is still served", async () => {
    const tokens: string[] = [];
    for (let i = 0; i < MAX_OPEN_QUERIES; i++) {
      tokens.push(await open(token));
      emu.clock.ms += 1_000;
    }
    const refused = await query(token, { per_page: 1 });
    expect(refused.status).toBe(429);
    // The oldest held query lapses 5 minutes after its last use, 50 s of which have passed.
    expect(refused.headers.get("retry-after")).toBe(String(QUERY_TOKEN_TTL_MS / 1000 - MAX_OPEN_QUERIES));
    expect(await refused.json()).toEqual({
      valid: false,
      errors: [
        `Too many open queries: this organization holds ${MAX_OPEN_QUERIES} unfinished queries, the most it may. Read one to its last page, or wait for one to lapse (5 minutes after its last use).`,
      ],
    });
    // A query under way goes on; another organization is not held back.
    expect((await query(token, { query_token: tokens[1] })).status).toBe(200);
    const harbor = await connect(emu, { email: "admin@harbor.example" });
    await open(harbor.access_token);
    // Read to its last page, a query is done with and its place is free.
    let next: string | null = tokens[0]!;
    while (next !== null) {
      const page = (await (await query(token, { query_token: next, per_page: 50 })).json()) as {
        query_token: string | null;
      };
      next = page.query_token;
    }
    await open(token);
    expect((await query(token, { per_page: 1 })).status).toBe(429);
    // Lapsed queries free theirs.
    emu.clock.ms += QUERY_TOKEN_TTL_MS;
    expect((await query(token, { per_page: 1 })).status).toBe(200);
  });
});
