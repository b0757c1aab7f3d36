// The `rules` of POST /__emulator/faults: status faults, their order, count and rate, the seeded
// PRNG, method and path filters, and body validation. Dropped and hanging connections and latency
// are in faults-connection.test.ts.
import { describe, expect, it } from "vitest";
import {
  callApi,
  connect,
  postJson,
  postSwitch,
  resetEmulator,
  type TestEmulator,
  connectedEmulatorPerFile,
} from "./helpers";
import { importBody, postImport, row } from "./import-helpers";

const DETAILS = "/admin/oauth2/api/v1/details";
const IMPORTS = "/admin/oauth2/api/v1/imports";
const ROWS = [row("ext-1001-0001", 10000, { id: "ext-1001-0001:all" })];

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

async function setFaults(body: unknown): Promise<void> {
  const response = await postSwitch(emu, "faults", body);
  expect(response.status, await response.clone().text()).toBe(200);
}

type RuleView = { fault: string; fired: number };

async function stateDump(): Promise<{ faults: { rules: RuleView[]; seed: number }; stats: { faultsServed: number } }> {
  return (await (await fetch(`${emu.url}/__emulator/state`)).json()) as {
    faults: { rules: RuleView[]; seed: number };
    stats: { faultsServed: number };
  };
}

async function importCount(): Promise<number> {
  const response = await fetch(`${emu.url}/__emulator/organizations/1001/imports`);
  return ((await response.json()) as { imports: unknown[] }).imports.length;
}

describe("status rules", () => {
  it("fire `count` times at rate 1, then requests are handled normally", async () => {
    await setFaults({ rules: [{ path_prefix: DETAILS, fault: "status", status: 503, count: 2 }] });
    for (let i = 0; i < 2; i++) {
      const answer = await callApi(emu, token, "/details");
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ valid: false, errors: ["Service unavailable (emulated fault)"] });
    }
    expect((await callApi(emu, token, "/details")).status).toBe(200);
    const dump = await stateDump();
    expect(dump.faults.rules.map((rule) => rule.fired)).toEqual([2]);
    expect(dump.stats.faultsServed).toBe(2);
  });

  it("answer 500 and 502 with the API error shape", async () => {
    await setFaults({
      rules: [
        { fault: "status", status: 500, count: 1 },
        { fault: "status", status: 502, count: 1 },
      ],
    });
    const first = await callApi(emu, token, "/details");
    expect([first.status, await first.json()]).toEqual([
      500,
      { valid: false, errors: ["Internal server error (emulated fault)"] },
    ]);
    expect((await callApi(emu, token, "/details")).status).toBe(502);
    expect((await callApi(emu, token, "/details")).status).toBe(200);
  });

  it("answer 429 with Retry-After, 1 second by default; the first rule that fires wins", async () => {
    await setFaults({
      rules: [
        { fault: "status", status: 429, retry_after: 2, count: 1 },
        { fault: "status", status: 429, count: 1 },
      ],
    });
    const first = await callApi(emu, token, "/details");
    expect([first.status, first.headers.get("retry-after")]).toEqual([429, "2"]);
    const second = await callApi(emu, token, "/details");
    expect([second.status, second.headers.get("retry-after")]).toEqual([429, "1"]);
    expect((await callApi(emu, token, "/details")).status).toBe(200);
  });

  it('when "after" on POST /imports: the import is created, the answer is a 500', async () => {
    await setFaults({ rules: [{ path_prefix: IMPORTS, method: "POST", fault: "status", status: 500, when: "after" }] });
    const lost = await postImport(emu, token, importBody(ROWS));
    expect(lost.status).toBe(500);
    expect(await importCount()).toBe(1);
    // "before" (the default) creates nothing.
    await setFaults({ rules: [{ path_prefix: IMPORTS, fault: "status", status: 503 }] });
    expect((await postImport(emu, token, importBody(ROWS))).status).toBe(503);
    expect(await importCount()).toBe(1);
  });
});

describe("filters", () => {
  it("match by method (any case) and path prefix", async () => {
    await setFaults({ rules: [{ path_prefix: IMPORTS, method: "post", fault: "status", status: 500 }] });
    expect((await callApi(emu, token, "/imports/stats")).status).toBe(200);
    const status = JSON.stringify({ data: { status: "Connected", units: "1" } });
    expect((await callApi(emu, token, "/integrations/status", { method: "POST", body: status })).status).toBe(200);
    expect((await postImport(emu, token, importBody(ROWS))).status).toBe(500);
    expect((await stateDump()).faults.rules.map((rule) => rule.fired)).toEqual([1]);
  });

  it("never apply to /__emulator/* routes, even without a path prefix", async () => {
    await setFaults({ rules: [{ fault: "status", status: 500 }] });
    expect((await fetch(`${emu.url}/__emulator/state`)).status).toBe(200);
    expect((await fetch(`${emu.url}/__emulator/health`)).status).toBe(200);
    expect((await callApi(emu, token, "/details")).status).toBe(500);
    expect((await fetch(`${emu.url}/admin/oauth2/authorize`)).status).toBe(500);
  });

  it("keep the legacy `fail` first: rules apply once it is used up", async () => {
    await setFaults({ fail: { status: 429, count: 1 }, rules: [{ fault: "status", status: 503, count: 1 }] });
    expect((await callApi(emu, token, "/details")).status).toBe(429);
    expect((await callApi(emu, token, "/details")).status).toBe(503);
    expect((await callApi(emu, token, "/details")).status).toBe(200);
    expect((await stateDump()).stats.faultsServed).toBe(2);
  });
});

describe("rate and seed", () => {
  const RULES = [{ path_prefix: DETAILS, fault: "status", status: 503, rate: 0.2 }];

  /** Indexes of the faulted requests among `total` calls of /details. */
  async function faultedIndexes(total: number, between?: () => Promise<unknown>): Promise<number[]> {
    const faulted: number[] = [];
    for (let i = 0; i < total; i++) {
      const status = (await callApi(emu, token, "/details")).status;
      if (status === 503) faulted.push(i);
      else expect(status).toBe(200);
      await between?.();
    }
    return faulted;
  }

  it("fault about `rate` of the requests, in the same sequence for the same seed", async () => {
    await setFaults({ seed: 7, rules: RULES });
    const first = await faultedIndexes(200);
    expect(first.length).toBeGreaterThanOrEqual(20);
    expect(first.length).toBeLessThanOrEqual(60);
    expect((await stateDump()).faults.rules[0]?.fired).toBe(first.length);

    await resetEmulator(emu);
    token = (await connect(emu)).access_token;
    await setFaults({ seed: 7, rules: RULES });
    // Requests the rule does not match draw nothing, so they do not shift the sequence.
    const second = await faultedIndexes(200, () => callApi(emu, token, "/imports/stats"));
    expect(second).toEqual(first);
  });

  it("differ for another seed, and default to seed 1", async () => {
    await setFaults({ seed: 7, rules: RULES });
    const seven = await faultedIndexes(50);
    await setFaults({ seed: 8, rules: RULES });
    expect(await faultedIndexes(50)).not.toEqual(seven);
    await setFaults({ seed: 1, rules: RULES });
    const one = await faultedIndexes(50);
    await setFaults({ rules: RULES });
    expect((await stateDump()).faults.seed).toBe(1);
    expect(await faultedIndexes(50)).toEqual(one);
  });

  it("rate 0 never fires, and `count` caps a random rule", async () => {
    await setFaults({ rules: [{ fault: "status", status: 500, rate: 0 }] });
    expect(await faultedIndexes(20)).toEqual([]);
    await setFaults({ rules: [{ path_prefix: DETAILS, fault: "status", status: 503, rate: 0.5, count: 3 }] });
    expect(await faultedIndexes(40)).toHaveLength(3);
  });
});

describe("clearing and validation", () => {
  it("DELETE and reset clear the rules; the dump shows them with `fired`", async () => {
    await setFaults({ seed: 3, rules: [{ fault: "hang", method: "PATCH" }] });
    expect((await stateDump()).faults).toMatchObject({
      seed: 3,
      rules: [{ fault: "hang", method: "PATCH", pathPrefix: null, rate: 1, count: null, fired: 0 }],
    });
    const cleared = await fetch(`${emu.url}/__emulator/faults`, { method: "DELETE" });
    expect(cleared.status).toBe(200);
    expect((await stateDump()).faults).toMatchObject({ rules: [], seed: 1, fail: null, latencyMs: 0 });

    await setFaults({ rules: [{ fault: "status", status: 500 }] });
    await resetEmulator(emu);
    expect((await stateDump()).faults.rules).toEqual([]);
  });

  const BAD_BODIES: unknown[] = [
    { rules: {} },
    { rules: [{}] },
    { rules: [{ fault: "explode" }] },
    { rules: [{ fault: "status" }] },
    { rules: [{ fault: "status", status: 404 }] },
    { rules: [{ fault: "status", status: 500, rate: 1.5 }] },
    { rules: [{ fault: "status", status: 500, rate: -0.1 }] },
    { rules: [{ fault: "status", status: 500, count: 0 }] },
    { rules: [{ fault: "status", status: 500, count: 1.5 }] },
    { rules: [{ fault: "status", status: 500, retry_after: 2 }] },
    { rules: [{ fault: "status", status: 500, when: "during" }] },
    { rules: [{ fault: "status", status: 500, path_prefix: "admin" }] },
    { rules: [{ fault: "status", status: 500, path_prefix: "/__emulator/state" }] },
    { rules: [{ fault: "status", status: 500, method: "PO ST" }] },
    { rules: [{ fault: "status", status: 500, extra: true }] },
    { rules: [{ fault: "reset", status: 500 }] },
    { rules: [{ fault: "hang", when: "after" }] },
    { rules: [{ fault: "latency" }] },
    { rules: [{ fault: "latency", latency_ms: -1 }] },
    { seed: -1 },
    { seed: 1.5 },
    { seed: "7" },
  ];

  it.each(BAD_BODIES.map((body) => [JSON.stringify(body), body]))("refuses %s", async (_, body) => {
    const response = await postSwitch(emu, "faults", body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { ok: boolean; error: unknown };
    expect(answer.ok).toBe(false);
    expect(typeof answer.error).toBe("string");
  });

  it("refuses a body that is not a JSON object, and keeps the previous setting", async () => {
    await setFaults({ rules: [{ path_prefix: DETAILS, fault: "status", status: 500 }] });
    expect((await postJson(`${emu.url}/__emulator/faults`, [1])).status).toBe(400);
    expect((await postSwitch(emu, "faults", { rules: [{ fault: "nope" }] })).status).toBe(400);
    expect((await callApi(emu, token, "/details")).status).toBe(500);
  });
});
