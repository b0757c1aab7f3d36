// How fast and how wide one connection may call the service, learnt from its answers (AIMD, as
// TCP does): while calls succeed the limits creep up; a 429 or 503 halves the concurrency, sets
// the request rate under what was actually getting through, and a Retry-After pauses every caller
// of the connection, not only the call that was refused. Calls wait in one FIFO queue. A 429 says
// the call was not processed, so a patient call (a read) is queued again here (at the front) up to
// a cap: its caller sees a slower answer, not a failure. Knows nothing of the database: the state per connection is kept
// by lib/connections/service-limits.ts. The clock is injected so that tests drive time.
import "server-only";
import { ServiceApiError } from "./errors";

export type LimitClock = {
  now(): number;
  /** Runs `fn` once after `ms`; the limiter keeps at most one timer. */
  setTimeout(fn: () => void, ms: number): void;
};

export const realClock: LimitClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => void setTimeout(fn, ms).unref?.(),
};

export type AdaptiveLimitOptions = {
  initialConcurrency: number;
  minConcurrency: number;
  maxConcurrency: number;
  /** Requests per second never set below this after a throttle. */
  minRate: number;
  /** Below the rate that was last refused, the rate grows by this share a second of success
   *  (getting back quickly after a throttle)... */
  fastGrowth: number;
  /** ...and past 95% of it, by this share of it a second (probing slowly: each refusal costs a
   *  pause of every caller, at least a second with the service's Retry-After). */
  slowGrowth: number;
  /** After a throttle the rate is set to this share of what was getting through. */
  rateBackoff: number;
  /** A refused call (429) is queued again this many times before its caller sees the 429. */
  maxThrottleRetries: number;
  /** The pause after a throttle without Retry-After; and the longest pause honoured. */
  defaultPauseMs: number;
  maxPauseMs: number;
};

export const DEFAULT_LIMIT_OPTIONS: AdaptiveLimitOptions = {
  initialConcurrency: 4,
  minConcurrency: 1,
  maxConcurrency: 16,
  minRate: 0.5,
  fastGrowth: 0.1,
  slowGrowth: 0.005,
  rateBackoff: 0.85,
  maxThrottleRetries: 8,
  defaultPauseMs: 1_000,
  maxPauseMs: 60_000,
};

/** What the limit is now: for metrics and the benchmark. */
export type LimitSnapshot = {
  /** Requests per second that were getting through at the last refusal; null before one. */
  ceiling: number | null;
  /** Calls allowed at once. */
  concurrency: number;
  /** Requests per second allowed; null until the service first throttled. */
  rate: number | null;
  inFlight: number;
  waiting: number;
  /** Epoch ms until which no call starts (a Retry-After); 0 when not paused. */
  pausedUntil: number;
  throttled: number;
};

type Waiter = { start: () => void };

/** How far back the rate that got through is measured. */
const OBSERVE_MS = 2_000;

export class AdaptiveLimit {
  private concurrency: number;
  private rate: number | null = null;
  private inFlight = 0;
  private readonly queue: Waiter[] = [];
  private pausedUntil = 0;
  private nextStartAt = 0;
  private lastDecreaseAt = -Infinity;
  /** The rate that was getting through when the service last refused: where slow probing starts. */
  private ceiling = Infinity;
  private lastGrowthAt = 0;
  private timerAt: number | null = null;
  private throttled = 0;
  /** Start times of recent calls that succeeded, for the rate that got through. */
  private readonly recent: number[] = [];
  private readonly options: AdaptiveLimitOptions;

  constructor(
    options: Partial<AdaptiveLimitOptions> = {},
    private readonly clock: LimitClock = realClock,
  ) {
    this.options = { ...DEFAULT_LIMIT_OPTIONS, ...options };
    this.concurrency = this.options.initialConcurrency;
  }

  snapshot(): LimitSnapshot {
    return {
      concurrency: Math.floor(this.concurrency),
      ceiling: Number.isFinite(this.ceiling) ? Math.round(this.ceiling * 100) / 100 : null,
      rate: this.rate === null ? null : Math.round(this.rate * 100) / 100,
      inFlight: this.inFlight,
      waiting: this.queue.length,
      pausedUntil: this.pausedUntil > this.clock.now() ? this.pausedUntil : 0,
      throttled: this.throttled,
    };
  }

  /** Runs `call` when the limits allow, and learns from how it ended. `patient`: a 429 is queued
   *  again (the service did not process it), so the caller does not see it. */
  async run<T>(call: () => Promise<T>, options: { patient?: boolean } = {}): Promise<T> {
    for (let refused = 0; ; refused++) {
      const startedAt = await this.acquire(refused > 0);
      try {
        const result = await call();
        this.succeeded(startedAt);
        return result;
      } catch (error) {
        const throttle = throttleOf(error);
        if (!throttle) throw error;
        this.throttle(startedAt, throttle.retryAfterSeconds);
        // A 429 was not processed: asking again is safe for any call. A 503 may have been.
        if (!options.patient || throttle.status !== 429 || refused >= this.options.maxThrottleRetries) throw error;
      } finally {
        this.inFlight--;
        this.pump();
      }
    }
  }

  private acquire(front: boolean): Promise<number> {
    return new Promise((resolve) => {
      const waiter = { start: () => resolve(this.clock.now()) };
      // A refused call goes back to the front: it has waited longest.
      if (front) this.queue.unshift(waiter);
      else this.queue.push(waiter);
      this.pump();
    });
  }

  /** Starts the waiting calls the limits allow now; sets a timer for the next one. */
  private pump(): void {
    while (this.queue.length > 0) {
      const now = this.clock.now();
      const waitUntil = Math.max(this.pausedUntil, this.rate === null ? 0 : this.nextStartAt);
      if (waitUntil > now) return this.wakeAt(waitUntil);
      if (this.inFlight >= Math.floor(this.concurrency)) return; // a call's end pumps again
      const waiter = this.queue.shift();
      if (!waiter) return;
      this.inFlight++;
      if (this.rate !== null) this.nextStartAt = Math.max(now, this.nextStartAt) + 1000 / this.rate;
      waiter.start();
    }
  }

  private wakeAt(at: number): void {
    if (this.timerAt !== null && this.timerAt <= at) return;
    this.timerAt = at;
    this.clock.setTimeout(
      () => {
        if (this.timerAt === at) this.timerAt = null;
        this.pump();
      },
      Math.max(0, at - this.clock.now()),
    );
  }

  private succeeded(startedAt: number): void {
    const { maxConcurrency, fastGrowth, slowGrowth } = this.options;
    // Additive increase: one more call at once per `concurrency` successes (one round), only
    // while the limit is what holds calls back (this call still counts as in flight).
    if (this.inFlight >= Math.floor(this.concurrency))
      this.concurrency = Math.min(maxConcurrency, this.concurrency + 1 / Math.floor(this.concurrency));
    const now = this.clock.now();
    const seconds = Math.min(1, Math.max(0, now - this.lastGrowthAt) / 1000);
    this.lastGrowthAt = now;
    if (this.rate !== null)
      this.rate =
        this.rate < 0.95 * this.ceiling
          ? this.rate * (1 + fastGrowth * seconds)
          : this.rate + slowGrowth * this.ceiling * seconds;
    this.recent.push(startedAt);
    const since = now - OBSERVE_MS;
    while (this.recent.length > 0 && (this.recent[0] ?? 0) < since) this.recent.shift();
  }

  private throttle(startedAt: number, retryAfterSeconds: number | undefined): void {
    const { defaultPauseMs, maxPauseMs, minConcurrency, minRate, rateBackoff } = this.options;
    const now = this.clock.now();
    this.throttled++;
    const pauseMs = Math.min(maxPauseMs, retryAfterSeconds === undefined ? defaultPauseMs : retryAfterSeconds * 1000);
    this.pausedUntil = Math.max(this.pausedUntil, now + pauseMs);
    // Refusals of calls sent before the last decrease are the same congestion: decrease once.
    if (startedAt <= this.lastDecreaseAt) return;
    this.lastDecreaseAt = now;
    this.concurrency = Math.max(minConcurrency, Math.floor(this.concurrency / 2));
    const since = now - OBSERVE_MS;
    const gotThrough = this.recent.filter((t) => t >= since).length / (OBSERVE_MS / 1000);
    const base = Math.min(this.rate ?? Infinity, gotThrough > 0 ? gotThrough : Infinity);
    this.ceiling = Number.isFinite(base) ? base : Infinity;
    this.rate = Math.max(minRate, (Number.isFinite(base) ? base : minRate * 2) * rateBackoff);
    this.lastGrowthAt = this.pausedUntil;
    // The next call after the pause starts at once, then spaced at the new rate.
    this.nextStartAt = this.pausedUntil;
  }
}

function throttleOf(error: unknown): { status: number; retryAfterSeconds?: number } | null {
  if (error instanceof ServiceApiError && (error.status === 429 || error.status === 503))
    return { status: error.status, retryAfterSeconds: error.retryAfterSeconds };
  return null;
}
