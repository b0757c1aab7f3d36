// One body limit for every route: a body over 1 MiB is answered 413 while it
// streams, on the token endpoint and the test switches as on the imports, and the emulator stops
// reading it: the answer comes long before the client could have sent it all.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "@/emulator/body-limit";
import { emulatorPerFile, type TestEmulator } from "./helpers";

let emu: TestEmulator;
emulatorPerFile((started) => (emu = started));

const TOTAL = 200 * 1024 * 1024;

/** Sends a chunked body of `TOTAL` bytes, stopping once an answer comes; says how much was sent. */
function sendChunked(path: string): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(
      `${emu.url}${path}`,
      { method: "POST", headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" } },
      (response) => {
        answered = true;
        const atAnswer = sent;
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sent: atAnswer }));
      },
    );
    // The emulator may close the connection once it has answered: that is not a failure here.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 32);
    const pump = () => {
      while (sent < TOTAL && !answered) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

/** One POST on a connection of its own (the emulator closes one whose body it refused). */
function postOnce(path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${emu.url}${path}`,
      {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("one body limit for every route", () => {
  it.each(["/admin/oauth2/token", "/__emulator/faults", "/__emulator/settings", "/admin/oauth2/authorize"])(
    "answers a 200 MB chunked body to %s with 413 before reading it all",
    async (path) => {
      const answer = await sendChunked(path);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        valid: false,
        errors: [`The request body is larger than ${MAX_BODY_BYTES} bytes`],
      });
      // Socket buffers hold a few megabytes; the rest was never sent.
      expect(answer.sent).toBeLessThan(TOTAL / 4);
    },
  );

  it("refuses a declared length over the limit unread, and takes a body under it", async () => {
    const big = JSON.stringify({ organization_id: 1001, padding: "x".repeat(MAX_BODY_BYTES) });
    expect(await postOnce("/__emulator/disconnect", big)).toBe(413);
    expect(await postOnce("/__emulator/disconnect", '{"organization_id":1001}')).toBe(200);
  });

  it("serves a chunked body under the limit, and a DELETE without one", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${emu.url}/__emulator/disconnect`,
        { method: "POST", headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      request.write('{"organization_id":');
      request.end("1001}");
    });
    expect(status).toBe(200);
    expect((await fetch(`${emu.url}/__emulator/faults`, { method: "DELETE" })).status).toBe(200);
  });
});
