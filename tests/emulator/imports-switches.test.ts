import { describe, expect, it } from "vitest";
import {
  API_ENDPOINTS,
  callApi,
  connect,
  postSwitch,
  resetEmulator,
  startTestEmulator,
  type TestEmulator,
  connectedEmulatorPerFile,
} from "./helpers";
import {
  importBody,
  postImport,
  row,
  splitsOf,
  submit,
  waitForImport,
  type ImportWithNotifications,
} from "./import-helpers";

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

const VALID_ROWS = [row("ext-1001-0001", 10000, { id: "ext-1001-0001:all" })];

async function listedImports(): Promise<ImportWithNotifications[]> {
  const response = await callApi(emu, token, "/imports/list");
  expect(response.status).toBe(200);
  return ((await response.json()) as { imports: ImportWithNotifications[] }).imports;
}

describe("disabled integration and faults", () => {
  it("answers Disabled integration on every new endpoint", async () => {
    await postSwitch(emu, "disconnect", { organization_id: 1001 });
    const endpoints = API_ENDPOINTS.filter((e) => e.path.startsWith("/imports") || e.path.startsWith("/transactions"));
    expect(endpoints).toHaveLength(5);
    for (const endpoint of endpoints) {
      const answer = await callApi(emu, token, endpoint.path, endpoint.init);
      expect(answer.status, endpoint.path).toBe(401);
      expect(await answer.json()).toEqual({ valid: false, errors: ["Disabled integration"] });
    }
  });

  it('when "after": the import is created and processed, but the answer is a 500', async () => {
    const set = await postSwitch(emu, "faults", {
      fail: { status: 500, count: 1, path_prefix: "/admin/oauth2/api/v1/imports", when: "after" },
    });
    expect(set.status).toBe(200);
    const lost = await postImport(emu, token, importBody(VALID_ROWS));
    expect(lost.status).toBe(500);
    expect(await lost.json()).toEqual({ valid: false, errors: ["Internal server error (emulated fault)"] });

    const [created] = await listedImports();
    expect(created).toBeDefined();
    await waitForImport(emu, token, created?.id ?? 0);
    // The client's retry of the same rows updates the same split instead of duplicating it.
    await waitForImport(emu, token, await submit(emu, token, VALID_ROWS));
    const splits = await splitsOf(emu, 1001);
    expect(splits.map((s) => [s.id, s.unit_amount_in_cents, s.deleted_at])).toEqual([
      ["ext-1001-0001:all", 10000, null],
    ]);
    expect(emu.state.stats.faultsServed).toBe(1);
  });

  it('when "after" with 429 sends Retry-After; "before" (the default) creates nothing', async () => {
    await postSwitch(emu, "faults", { fail: { status: 429, count: 1, retry_after: 3, when: "after" } });
    const lost = await postImport(emu, token, importBody(VALID_ROWS));
    expect(lost.status).toBe(429);
    expect(lost.headers.get("retry-after")).toBe("3");
    expect(await listedImports()).toHaveLength(1);

    await postSwitch(emu, "faults", { fail: { status: 500, count: 1 } });
    expect((await postImport(emu, token, importBody(VALID_ROWS))).status).toBe(500);
    expect(await listedImports()).toHaveLength(1);
  });

  it("refuses an unknown when", async () => {
    const response = await postSwitch(emu, "faults", { fail: { status: 500, count: 1, when: "during" } });
    expect(response.status).toBe(400);
  });
});

describe("test views and reset", () => {
  it("lists every import with notifications, oldest first, and reset clears imports and splits", async () => {
    const first = await submit(emu, token, VALID_ROWS);
    const second = await submit(emu, token, [{ transaction_id: "ext-1001-0002" }]);
    await waitForImport(emu, token, second);
    const view = await fetch(`${emu.url}/__emulator/organizations/1001/imports`);
    const body = (await view.json()) as { imports: ImportWithNotifications[] };
    expect(body.imports.map((i) => [i.id, i.notifications.map((n) => n.code)])).toEqual([
      [first, []],
      [second, ["invalid_row"]],
    ]);
    expect(await splitsOf(emu, 1001)).toHaveLength(1);

    await resetEmulator(emu);
    expect(await splitsOf(emu, 1001)).toEqual([]);
    const after = (await (await fetch(`${emu.url}/__emulator/organizations/1001/imports`)).json()) as {
      imports: unknown[];
    };
    expect(after.imports).toEqual([]);
    expect((await fetch(`${emu.url}/__emulator/organizations/9/splits`)).status).toBe(404);
  });

  it("a reset during processing stops the old import and keeps ids increasing", async () => {
    const slow = await startTestEmulator({ importDelayMs: 100 });
    try {
      const slowToken = (await connect(slow)).access_token;
      const before = await submit(slow, slowToken, VALID_ROWS);
      await resetEmulator(slow);
      expect(await splitsOf(slow, 1001)).toEqual([]);
      // An import of another gift, sent after the reset, is processed after the old one's delay
      // has run out: once it is complete, the abandoned import would have written by now.
      const freshToken = (await connect(slow)).access_token;
      const after = await submit(slow, freshToken, [row("ext-1001-0002", 2500, { id: "ext-1001-0002:all" })]);
      expect(after).toBeGreaterThan(before);
      expect((await waitForImport(slow, freshToken, after)).status).toBe("Complete");
      expect((await splitsOf(slow, 1001)).map((split) => split.id)).toEqual(["ext-1001-0002:all"]);
    } finally {
      await slow.close();
    }
  });
});
