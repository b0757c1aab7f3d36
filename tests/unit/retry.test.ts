import { describe, expect, it } from "vitest";
import { ServiceApiError } from "@/lib/service/errors";
import { isUniqueViolation } from "@/lib/db-errors";
import { backoffMs, parseRetryAfter, retryDelayMs, withRetry } from "@/lib/service/retry";

const policy = { attempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 };

describe("retry policy", () => {
  it("retries 429 and 5xx, then succeeds", async () => {
    const errors = [new ServiceApiError(503, [], true), new ServiceApiError(429, [], true, 1)];
    const waits: number[] = [];
    const result = await withRetry(
      async () => {
        const next = errors.shift();
        if (next) throw next;
        return "done";
      },
      policy,
      async (ms) => void waits.push(ms),
    );
    expect(result).toBe("done");
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBe(1_000); // Retry-After: 1 second, honoured
  });

  it("never retries a 4xx other than 429", async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new ServiceApiError(400, ["bad"], false);
        },
        policy,
        async () => {},
      ),
    ).rejects.toThrow(ServiceApiError);
    expect(calls).toBe(1);
  });

  it("gives up after the attempt cap", async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new ServiceApiError(500, [], true);
        },
        policy,
        async () => {},
      ),
    ).rejects.toThrow();
    expect(calls).toBe(4);
  });

  it("backs off exponentially with jitter, capped", () => {
    const err = new ServiceApiError(500, [], true);
    expect(retryDelayMs(err, 1, policy, () => 1)).toBe(100);
    expect(retryDelayMs(err, 3, policy, () => 1)).toBe(400);
    expect(retryDelayMs(err, 10, policy, () => 1)).toBe(1_000);
    expect(retryDelayMs(err, 3, policy, () => 0)).toBe(0);
    expect(retryDelayMs(new ServiceApiError(429, [], true, 60), 1, policy)).toBe(1_000);
  });

  it("parses Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe("one backoff for direct calls and the outbox", () => {
  it("doubles from the base up to the cap, with full jitter, and honours Retry-After up to the cap", () => {
    const outbox = { baseDelayMs: 2_000, maxDelayMs: 300_000 };
    expect(backoffMs(1, outbox, undefined, () => 1)).toBe(2_000);
    expect(backoffMs(4, outbox, undefined, () => 1)).toBe(16_000);
    expect(backoffMs(20, outbox, undefined, () => 1)).toBe(300_000);
    expect(backoffMs(4, outbox, undefined, () => 0.5)).toBe(8_000);
    expect(backoffMs(1, outbox, 120)).toBe(120_000);
    expect(backoffMs(1, outbox, 3_600)).toBe(300_000);
  });
});

describe("a unique violation", () => {
  it("is recognised from Prisma's code and from PostgreSQL's", () => {
    expect(isUniqueViolation({ code: "P2002" })).toBe(true);
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    expect(isUniqueViolation({ code: "P2025" })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(new Error("x"))).toBe(false);
  });
});
