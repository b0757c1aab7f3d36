// The adaptive limit against a clock the test drives: no real time passes.
import { describe, expect, it } from "vitest";
import { AdaptiveLimit, type LimitClock } from "@/lib/service/adaptive-limit";
import { ServiceApiError } from "@/lib/service/errors";

class FakeClock implements LimitClock {
  private at = 1_000_000;
  private timers: { at: number; fn: () => void }[] = [];
  now = () => this.at;
  setTimeout = (fn: () => void, ms: number) => void this.timers.push({ at: this.at + ms, fn });
  /** Moves time on, firing due timers in order, letting promise callbacks run between them. */
  async advance(ms: number): Promise<void> {
    const end = this.at + ms;
    for (;;) {
      await settle();
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.at = Math.max(this.at, next.at);
      next.fn();
    }
    this.at = end;
    await settle();
  }
}

async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** A call that ends when the test says, and says when it started. */
function controlled() {
  const calls: { startedAt: number; end: (error?: unknown) => void }[] = [];
  const make = (clock: FakeClock) => () =>
    new Promise<string>((resolve, reject) => {
      calls.push({ startedAt: clock.now(), end: (error) => (error ? reject(error) : resolve("ok")) });
    });
  return { calls, make };
}

/** Runs one call, moving the clock on until the limit lets it start and it ends. */
async function through(limit: AdaptiveLimit, clock: FakeClock, call: () => Promise<string>) {
  let done = false;
  const run = limit.run(call).finally(() => (done = true));
  run.catch(() => undefined);
  while (!done) await clock.advance(5);
  return run;
}

const throttled = (retryAfter?: number) => new ServiceApiError(429, [], true, retryAfter);

describe("adaptive limit", () => {
  it("runs at most `concurrency` calls at once, the rest in order", async () => {
    const clock = new FakeClock();
    const limit = new AdaptiveLimit({ initialConcurrency: 2 }, clock);
    const { calls, make } = controlled();
    const order: number[] = [];
    const runs = [0, 1, 2, 3].map((i) => limit.run(make(clock)).then(() => order.push(i)));
    await settle();
    expect(calls).toHaveLength(2);
    expect(limit.snapshot()).toMatchObject({ inFlight: 2, waiting: 2 });
    calls[0]!.end();
    await settle();
    expect(calls).toHaveLength(3);
    calls[1]!.end();
    calls[2]!.end();
    await settle();
    calls[3]!.end();
    await Promise.all(runs);
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it("increases concurrency while calls succeed with the limit full, up to the cap", async () => {
    const clock = new FakeClock();
    const limit = new AdaptiveLimit({ initialConcurrency: 2, maxConcurrency: 4 }, clock);
    const busy = async () => {
      // Always more callers than the limit: the limit is what holds them back.
      await Promise.all(Array.from({ length: 12 }, () => limit.run(async () => "ok")));
    };
    await busy();
    expect(limit.snapshot().concurrency).toBeGreaterThan(2);
    for (let i = 0; i < 10; i++) await busy();
    expect(limit.snapshot().concurrency).toBe(4);
  });

  it("does not grow while fewer calls than the limit are waiting", async () => {
    const clock = new FakeClock();
    const limit = new AdaptiveLimit({ initialConcurrency: 4 }, clock);
    for (let i = 0; i < 50; i++) await limit.run(async () => "ok");
    expect(limit.snapshot().concurrency).toBe(4);
  });

  it("halves concurrency on a 429 and sets a rate under what got through", async () => {
    const clock = new FakeClock();
    const limit = new AdaptiveLimit({ initialConcurrency: 8, maxThrottleRetries: 0 }, clock);
    // 10 calls a second get through for two seconds.
    for (let i = 0; i < 20; i++) {
      await limit.run(async () => "ok");
      await clock.advance(100);
    }
    await expect(limit.run(() => Promise.reject(throttled()))).rejects.toBeInstanceOf(ServiceApiError);
    const after = limit.snapshot();
    expect(after.concurrency).toBe(4);
    expect(after.rate).toBeCloseTo(10 * 0.85, 1);
    expect(after.throttled).toBe(1);
  });

  it("decreases on 503 too, but does not queue a 503 again", async () => {
    const clock = new FakeClock();
    const limit = new AdaptiveLimit({ initialConcurrency: 8 }, clock);
    let attempts = 0;
    await expect(
      limit.run(() => {
        attempts++;
        return Promise.reject(new ServiceApiError(503, [], true, 1));
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(attempts).toBe(1);
    expect(limit.snapshot().concurrency).toBe(4);
    // An impatient call sees a 429 at once: the outbox keeps its own backoff per batch.
    await expect(through(limit, clock, () => Promise.reject(throttled(1)))).rejects.toMatchObject({ status: 429 });
  });

  it("decreases once for refusals of calls sent before the decrease", async () => {
    const clock = new FakeClock();
    const limit = new AdaptiveLimit({ initialConcurrency: 8, maxThrottleRetries: 0 }, clock);
    const { calls, make } = controlled();
    const runs = Array.from({ length: 4 }, () => limit.run(make(clock)).catch(() => "refused"));
    await settle();
    for (const call of calls.slice(0, 4)) call.end(throttled(1));
    await Promise.all(runs);
    expect(limit.snapshot()).toMatchObject({ concurrency: 4, throttled: 4 });
  });

  it("a Retry-After pauses every caller of the connection, then the refused call goes first", async () => {
    const clock = new FakeClock();
    const limit = new AdaptiveLimit({ initialConcurrency: 1 }, clock);
    const { calls, make } = controlled();
    const first = limit.run(make(clock), { patient: true });
    const second = limit.run(make(clock), { patient: true });
    await settle();
    calls[0]!.end(throttled(3));
    await settle();
    // The refused call is queued again, before the other caller; nobody starts for 3 s.
    expect(calls).toHaveLength(1);
    expect(limit.snapshot().pausedUntil).toBe(clock.now() + 3_000);
    await clock.advance(2_999);
    expect(calls).toHaveLength(1);
    await clock.advance(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.startedAt).toBe(calls[0]!.startedAt + 3_000);
    calls[1]!.end();
    await expect(first).resolves.toBe("ok");
    // Then spaced at the rate learnt from the refusal (nothing got through before it: the floor).
    await clock.advance(1_100);
    expect(calls).toHaveLength(2); // 0.85 a second: one start every 1,176 ms
    await clock.advance(100);
    expect(calls).toHaveLength(3);
    calls[2]!.end();
    await expect(second).resolves.toBe("ok");
  });

  it("spaces calls at the learnt rate and raises it while calls succeed", async () => {
    const clock = new FakeClock();
    const limit = new AdaptiveLimit({ initialConcurrency: 4, maxThrottleRetries: 0 }, clock);
    for (let i = 0; i < 8; i++) {
      await limit.run(async () => "ok");
      await clock.advance(250);
    }
    // 4 a second got through; the rate becomes 3.4 a second: one start every ~294 ms.
    await limit.run(() => Promise.reject(throttled(1))).catch(() => undefined);
    const rate = limit.snapshot().rate!;
    expect(rate).toBeCloseTo(3.4, 1);
    const starts: number[] = [];
    const runs = Array.from({ length: 4 }, () => limit.run(async () => void starts.push(clock.now())));
    await clock.advance(5_000);
    await Promise.all(runs);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(starts[0]).toBe(1_000_000 + 8 * 250 + 1_000); // after the 1 s pause
    // The rate grows 10% a second meanwhile (it is under the refused 4 a second).
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(Math.floor(1000 / (rate * 1.1)));
    expect(limit.snapshot().rate).toBeGreaterThan(rate);
  });

  it("after a refusal, gets back quickly to just under the refused rate, then probes past it slowly", async () => {
    const clock = new FakeClock();
    const limit = new AdaptiveLimit({ initialConcurrency: 4, maxThrottleRetries: 0 }, clock);
    const succeedFor = async (ms: number) => {
      for (const end = clock.now() + ms; clock.now() < end;) {
        const at = clock.now();
        await through(limit, clock, async () => "ok");
        await clock.advance(Math.max(0, at + 100 - clock.now()));
      }
    };
    await succeedFor(2_000); // 10 a second get through
    await limit.run(() => Promise.reject(throttled(1))).catch(() => undefined);
    expect(limit.snapshot()).toMatchObject({ ceiling: 10, rate: 8.5 });
    await clock.advance(1_000);
    await succeedFor(2_000);
    // 10% a second below 95% of the ceiling: past 9.5 within two seconds.
    expect(limit.snapshot().rate).toBeGreaterThan(9.5);
    await succeedFor(10_000);
    // Then 0.5% of the ceiling a second: 0.05 a second.
    const rate = limit.snapshot().rate!;
    expect(rate).toBeGreaterThan(9.8);
    expect(rate).toBeLessThan(10.3);
  });

  it("keeps the rate and concurrency within their floors", async () => {
    const clock = new FakeClock();
    const limit = new AdaptiveLimit({ initialConcurrency: 2, minRate: 0.5, maxThrottleRetries: 0 }, clock);
    for (let i = 0; i < 6; i++) {
      await limit.run(() => Promise.reject(throttled(0))).catch(() => undefined);
      await clock.advance(10);
    }
    expect(limit.snapshot()).toMatchObject({ concurrency: 1, rate: 0.5 });
  });

  it("gives up on a call refused more often than the cap, with the service's error", async () => {
    const clock = new FakeClock();
    const limit = new AdaptiveLimit({ maxThrottleRetries: 2 }, clock);
    let attempts = 0;
    const run = limit.run(
      () => {
        attempts++;
        return Promise.reject(throttled(1));
      },
      { patient: true },
    );
    const outcome = run.catch((error: unknown) => error);
    await clock.advance(10_000);
    expect(await outcome).toBeInstanceOf(ServiceApiError);
    expect(attempts).toBe(3);
  });

  it("lets other errors through without changing the limit", async () => {
    const clock = new FakeClock();
    const limit = new AdaptiveLimit({ initialConcurrency: 3 }, clock);
    await expect(limit.run(() => Promise.reject(new ServiceApiError(400, [], false)))).rejects.toMatchObject({
      status: 400,
    });
    expect(limit.snapshot()).toMatchObject({ concurrency: 3, rate: null, inFlight: 0, throttled: 0 });
  });
});
