// The drain of `npm start`'s HTTP server (scripts/http-drain.ts) on a plain node:http server whose
// handler answers after a while: through the delay it serves new connections as before; then it
// refuses new ones, ends kept-alive connections with `Connection: close`, and every request in
// flight completes (none reset); past the deadline what is left is cut and counted.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drainable } from "@/scripts/http-drain";

let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server whose answers take `ms`; its port. */
async function slowServer(ms: number) {
  server = http.createServer((req, res) => {
    drain.track(req, res);
    setTimeout(() => res.end("done"), ms);
  });
  const drain = drainable(server);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { drain, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

const get = (url: string, agent?: http.Agent) =>
  new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      })
      .on("error", reject);
  });

describe("drainable", () => {
  it("serves through the delay, then refuses new connections and lets every request in flight finish", async () => {
    const { drain, url } = await slowServer(1_000);
    const agent = new http.Agent({ keepAlive: true });
    await get(url, agent); // a kept-alive connection, idle when the drain begins
    const inFlight = Array.from({ length: 10 }, () => get(url));
    await expect.poll(() => drain.inFlight()).toBe(10);
    const drained = drain.drain({ delayMs: 300, deadlineMs: 5_000 });
    // Within the delay: a new connection is still served.
    expect((await get(url)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    await expect(get(url)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await drained).toEqual({ inTime: true, unfinished: 0 });
    agent.destroy();
  });

  it("answers with Connection: close once closing, and cuts what outlives the deadline", async () => {
    const { drain, url } = await slowServer(1_500);
    const first = get(url);
    await expect.poll(() => drain.inFlight()).toBe(1);
    const drained = drain.drain({ delayMs: 0, deadlineMs: 300 });
    await expect(first).rejects.toMatchObject({ code: "ECONNRESET" });
    expect(await drained).toEqual({ inTime: false, unfinished: 1 });
  });

  it("ends a kept-alive connection after its answer once closing", async () => {
    const { drain, url } = await slowServer(300);
    const agent = new http.Agent({ keepAlive: true });
    const answer = get(url, agent);
    await expect.poll(() => drain.inFlight()).toBe(1);
    const drained = drain.drain({ delayMs: 0, deadlineMs: 5_000 });
    expect(await answer).toMatchObject({ status: 200, connection: "close" });
    expect(await drained).toEqual({ inTime: true, unfinished: 0 });
    agent.destroy();
  });
});
