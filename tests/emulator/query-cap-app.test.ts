// The app's query client against the emulator's cap on unfinished queries: a
// new query refused with 429 is a patient read, so the connection's adaptive limit pauses for the
// Retry-After (at most its 60 s), asks again a bounded number of times, and is served once the
// oldest query lapses. It never asks again without waiting. The limiter's clock and the
// emulator's move together; no real minute passes.
import { expect, it } from "vitest";
import type { LimitClock } from "@/lib/service/adaptive-limit";
import { MAX_OPEN_QUERIES, QUERY_TOKEN_TTL_MS } from "@/emulator/transactions-query";
import { callApi, connectedEmulatorPerFile, type TestEmulator } from "./helpers";

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

/** A clock the test moves; the emulator's clock follows it. */
function sharedClock(): LimitClock & { advance(ms: number): void } {
  const timers: { at: number; fn: () => void }[] = [];
  const clock = {
    now: () => emu.clock.ms,
    setTimeout: (fn: () => void, ms: number) => void timers.push({ at: emu.clock.ms + ms, fn }),
    advance(ms: number) {
      emu.clock.ms += ms;
      timers.sort((a, b) => a.at - b.at);
      while (timers[0] && timers[0].at <= emu.clock.ms) timers.shift()!.fn();
    },
  };
  return clock;
}

it("waits out a refused new query at the pace of Retry-After, and is served once a query lapses", async () => {
  const { queryTransactions } = await import("@/lib/service/transactions");
  const { AdaptiveLimit } = await import("@/lib/service/adaptive-limit");
  for (let i = 0; i < MAX_OPEN_QUERIES; i++) {
    const opened = await callApi(emu, token, "/transactions/query", {
      method: "POST",
      body: JSON.stringify({ per_page: 1 }),
    });
    expect(opened.status).toBe(200);
  }
  const clock = sharedClock();
  const began = clock.now();
  const attempts: { at: number; status: number }[] = [];
  const counting: typeof fetch = async (url, init) => {
    const at = clock.now();
    const answer = await fetch(url, init);
    attempts.push({ at: at - began, status: answer.status });
    return answer;
  };
  const limit = new AdaptiveLimit({}, clock);
  const target = { baseUrl: emu.url, fetch: counting, gate: limit.run.bind(limit) };
  let done = false;
  const answer = queryTransactions(target, token, { perPage: 1 }).finally(() => (done = true));
  for (let steps = 0; !done && steps < 200; steps++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    clock.advance(5_000);
  }
  const result = await answer;
  expect(result.total).toBe(13);
  const refused = attempts.filter((a) => a.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(attempts.at(-1)!.status).toBe(200);
  // Each attempt waited the pause the refusal asked for (until the oldest query lapses), capped at
  // the limiter's 60 s: here 0, 60+, 120+, …, then 300+ s.
  for (let i = 1; i < attempts.length; i++) {
    const asked = Math.min(60_000, QUERY_TOKEN_TTL_MS - attempts[i - 1]!.at);
    expect(attempts[i]!.at - attempts[i - 1]!.at).toBeGreaterThanOrEqual(asked);
  }
  // Served once the queries held since the start lapsed, and not long after.
  expect(attempts.at(-1)!.at).toBeGreaterThanOrEqual(QUERY_TOKEN_TTL_MS);
  expect(attempts.length).toBeLessThanOrEqual(QUERY_TOKEN_TTL_MS / 60_000 + 2);
});
