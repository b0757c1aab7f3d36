import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { readJsonBody } from "@/lib/http/json-body";
import { BODY_LIMITS, readLimitedBody } from "@/lib/http/limited-body";

const CHUNK = 64 * 1024;

/** A body that is made as it is read (pull), so the test sees exactly how much was asked for. */
function streamedRequest(totalBytes: number, headers: Record<string, string> = {}) {
  const counter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= totalBytes) return controller.close();
        const size = Math.min(CHUNK, totalBytes - counter.pulled);
        counter.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request("http://localhost/api/x", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, counter };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("request bodies are limited while they stream", () => {
  it("refuses a declared length over the limit before reading a byte", async () => {
    const { request, counter } = streamedRequest(10 * CHUNK, { "Content-Length": String(300 * 1024 * 1024) });
    const error = await refusal(readLimitedBody(request, BODY_LIMITS.json));
    expect(error.status).toBe(413);
    expect(error.message).toContain("256 KB");
    expect(counter.pulled).toBe(0);
  });

  it("stops reading a chunked body at the limit instead of reading it whole", async () => {
    const { request, counter } = streamedRequest(300 * 1024 * 1024);
    const error = await refusal(readLimitedBody(request, BODY_LIMITS.auth));
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      "The request body is larger than 16 KB, the most this address accepts. It was refused and nothing was changed.",
    );
    // One chunk past the limit is the most that can have been asked for.
    expect(counter.pulled).toBeLessThanOrEqual(BODY_LIMITS.auth + CHUNK);
  });

  it("returns a body within the limit, byte for byte", async () => {
    const { request } = streamedRequest(BODY_LIMITS.auth);
    const bytes = await readLimitedBody(request, BODY_LIMITS.auth);
    expect(bytes.length).toBe(BODY_LIMITS.auth);
  });

  it("parses JSON only after the size check, and says what is wrong", async () => {
    const schema = z.object({ name: z.string() });
    const json = (text: string, type = "application/json") =>
      new Request("http://localhost/api/x", { method: "POST", headers: { "Content-Type": type }, body: text });
    expect(await readJsonBody(json('{"name":"ok"}'), schema)).toEqual({ name: "ok" });
    expect((await refusal(readJsonBody(json("{{"), schema))).message).toBe("The request body is not valid JSON.");
    expect((await refusal(readJsonBody(json("{}", "text/plain"), schema))).status).toBe(422);
    const big = JSON.stringify({ name: "x".repeat(BODY_LIMITS.json) });
    expect((await refusal(readJsonBody(json(big), schema))).status).toBe(413);
  });
});
