// A token bucket: `burst` requests at once, refilled at `perSecond`. A refused request takes no
// token (it was not served), and learns when the next token comes (its Retry-After).
import type { Rate } from "./realism";

export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: Rate,
    now: number,
  ) {
    this.tokens = rate.burst;
    this.at = now;
  }

  /** Takes a token: null when one was there, else the milliseconds until one will be. */
  take(now: number): number | null {
    this.tokens = Math.min(this.rate.burst, this.tokens + ((now - this.at) / 1000) * this.rate.perSecond);
    this.at = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return null;
    }
    return Math.ceil(((1 - this.tokens) / this.rate.perSecond) * 1000);
  }
}
