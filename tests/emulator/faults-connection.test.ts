// Fault rules below HTTP (a dropped connection, a request never answered) and the latency rule,
// over real sockets like the app will meet them.
import { createServer, connect as connectTcp, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { holdConnection } from "@/emulator/routes/fault-connection";
import {
  callApi,
  connect,
  postSwitch,
  startTestEmulator,
  type TestEmulator,
  connectedEmulatorPerFile,
} from "./helpers";
import { importBody, postImport, row } from "./import-helpers";

const IMPORTS = "/admin/oauth2/api/v1/imports";
const ROWS = [row("ext-1001-0001", 10000, { id: "ext-1001-0001:all" })];

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

async function setFaults(target: TestEmulator, body: unknown): Promise<void> {
  const response = await postSwitch(target, "faults", body);
  expect(response.status, await response.clone().text()).toBe(200);
}

async function importCount(): Promise<number> {
  const response = await fetch(`${emu.url}/__emulator/organizations/1001/imports`);
  return ((await response.json()) as { imports: unknown[] }).imports.length;
}

/** The error a request ended with; fails the test if it was answered. */
async function failure(request: Promise<Response>): Promise<unknown> {
  return request.then(
    (response) => expect.fail(`expected no answer, got ${response.status}`),
    (error: unknown) => error,
  );
}

/** undici reports a dropped connection as TypeError "fetch failed" with the socket error as cause. */
function expectDropped(error: unknown): void {
  expect(error).toBeInstanceOf(TypeError);
  expect(error).toMatchObject({ message: "fetch failed" });
  const cause = error instanceof Error ? error.cause : undefined;
  const code = typeof cause === "object" && cause !== null && "code" in cause ? cause.code : undefined;
  const message = cause instanceof Error ? cause.message : "";
  expect(code === "ECONNRESET" || message.includes("other side closed"), String(cause)).toBe(true);
}

describe("reset", () => {
  it("drops the connection without an answer; before: nothing is created", async () => {
    await setFaults(emu, { rules: [{ path_prefix: IMPORTS, method: "POST", fault: "reset", count: 1 }] });
    expectDropped(await failure(postImport(emu, token, importBody(ROWS))));
    expect(await importCount()).toBe(0);
    // The next request gets a fresh connection and a normal answer.
    expect((await postImport(emu, token, importBody(ROWS))).status).toBe(200);
    const dump = (await (await fetch(`${emu.url}/__emulator/state`)).json()) as { stats: { faultsServed: number } };
    expect(dump.stats.faultsServed).toBe(1);
  });

  it('when "after": the import is created, then the connection is dropped', async () => {
    await setFaults(emu, { rules: [{ path_prefix: IMPORTS, fault: "reset", when: "after" }] });
    expectDropped(await failure(postImport(emu, token, importBody(ROWS))));
    expect(await importCount()).toBe(1);
  });
});

describe("hang", () => {
  it("never answers: the client's timeout fires, and close() still finishes at once", async () => {
    const own = await startTestEmulator({ importDelayMs: 0 });
    let closed = false;
    try {
      const ownToken = (await connect(own)).access_token;
      await setFaults(own, { rules: [{ fault: "hang" }] });
      const started = performance.now();
      const timedOut = await failure(
        fetch(`${own.url}/admin/oauth2/api/v1/details`, {
          headers: { Authorization: `Bearer ${ownToken}` },
          signal: AbortSignal.timeout(300),
        }),
      );
      expect(timedOut).toMatchObject({ name: "TimeoutError" });
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);

      // A client without a timeout keeps its request hanging until the emulator closes.
      const pending = failure(fetch(`${own.url}/admin/oauth2/api/v1/details`));
      // Closed only once the request hangs at the emulator (its second fault served).
      const faultsServed = async () =>
        ((await (await fetch(`${own.url}/__emulator/state`)).json()) as { stats: { faultsServed: number } }).stats
          .faultsServed;
      await expect.poll(faultsServed).toBe(2);
      const closing = performance.now();
      await own.close();
      closed = true;
      expect(performance.now() - closing).toBeLessThan(2000);
      expectDropped(await pending);
    } finally {
      if (!closed) await own.close();
    }
  });

  it("cuts the connection after the limit", async () => {
    const server = createServer();
    const accepted = new Promise<Socket>((resolve) => server.once("connection", resolve));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("not listening on TCP");
    const client = connectTcp(address.port, "127.0.0.1");
    const clientClosed = new Promise<void>((resolve) => client.once("close", () => resolve()));
    client.on("error", () => undefined);
    try {
      const started = performance.now();
      await holdConnection(await accepted, 100);
      expect(performance.now() - started).toBeGreaterThanOrEqual(90);
      await clientClosed;
    } finally {
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("latency", () => {
  it("delays the answer by latency_ms, then handles the request normally", async () => {
    await setFaults(emu, {
      rules: [{ path_prefix: "/admin/oauth2/api/v1/details", fault: "latency", latency_ms: 300 }],
    });
    const started = performance.now();
    const answer = await callApi(emu, token, "/details");
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    expect(answer.status).toBe(200);
    // Other paths do not match: the rule fired once.
    expect((await callApi(emu, token, "/imports/stats")).status).toBe(200);
    const dump = (await (await fetch(`${emu.url}/__emulator/state`)).json()) as {
      faults: { rules: { fired: number }[] };
    };
    expect(dump.faults.rules.map((rule) => rule.fired)).toEqual([1]);
  });
});
