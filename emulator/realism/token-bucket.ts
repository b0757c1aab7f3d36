// A token bucket: `burst` requests at once, refilled at `perSecond`. Looking and taking are apart,
// so that a call limited by two buckets takes from both only when both have a token: a refused
// request takes no token from either (it was not served), and learns when it could go (Retry-After).
import type { Rate } from "./realism";

export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    readonly rate: Rate,
    now: number,
  ) {
    this.tokens = rate.burst;
    this.at = now;
  }

  /** The tokens there now (fractional while refilling). */
  available(now: number): number {
    this.tokens = Math.min(
      this.rate.burst,
      this.tokens + ((Math.max(now, this.at) - this.at) / 1000) * this.rate.perSecond,
    );
    this.at = Math.max(now, this.at);
    return this.tokens;
  }

  /** Null when a token is there, else the milliseconds until one will be. Takes nothing. */
  wait(now: number): number | null {
    const tokens = this.available(now);
    return tokens >= 1 ? null : Math.ceil(((1 - tokens) / this.rate.perSecond) * 1000);
  }

  /** Takes a token; only after wait() said one is there. */
  take(now: number): void {
    this.available(now);
    this.tokens -= 1;
  }

  /** Milliseconds until the next whole token comes; null when the bucket is full. */
  untilNext(now: number): number | null {
    const tokens = this.available(now);
    if (tokens >= this.rate.burst) return null;
    return Math.ceil(((Math.floor(tokens) + 1 - tokens) / this.rate.perSecond) * 1000);
  }
}
