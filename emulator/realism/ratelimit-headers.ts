// RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers-11, 23 May 2026): Structured
// Field lists of one item per limit. A policy gives its quota `q` over a window `w` in whole
// seconds; a limit gives what is left, `r`, and `t`, the seconds within which no more than `r` may
// be used (here: until the bucket's next token; left out when the bucket is full). A token bucket
// of `burst` refilled at `perSecond` is told as its sustained rate: q requests per w seconds, with
// w the seconds the burst takes to refill (at least 1) and q what comes in w. The calls at once
// are a quota in the draft's unit "concurrent-requests", without a window.
import type { Rate } from "./realism";
import type { TokenBucket } from "./token-bucket";

export type LimitItem =
  { name: string; bucket: TokenBucket } | { name: string; concurrent: { limit: number; inProgress: number } };

export function policyItem(item: LimitItem): string {
  if ("concurrent" in item) return `"${item.name}";q=${item.concurrent.limit};qu="concurrent-requests"`;
  const { q, w } = quotaOf(item.bucket.rate);
  return `"${item.name}";q=${q};w=${w}`;
}

export function limitItem(item: LimitItem, now: number): string {
  if ("concurrent" in item) {
    const left = Math.max(0, item.concurrent.limit - item.concurrent.inProgress);
    return `"${item.name}";r=${left}`;
  }
  const left = Math.floor(item.bucket.available(now));
  const next = item.bucket.untilNext(now);
  return next === null
    ? `"${item.name}";r=${left}`
    : `"${item.name}";r=${left};t=${Math.max(1, Math.ceil(next / 1000))}`;
}

export function quotaOf(rate: Rate): { q: number; w: number } {
  const w = Math.max(1, Math.round(rate.burst / rate.perSecond));
  return { q: Math.max(1, Math.round(rate.perSecond * w)), w };
}

/** Both header fields for these limits; none when nothing is limited. */
export function rateLimitHeaders(items: LimitItem[], now: number): Record<string, string> {
  if (items.length === 0) return {};
  return {
    "RateLimit-Policy": items.map(policyItem).join(", "),
    RateLimit: items.map((item) => limitItem(item, now)).join(", "),
  };
}
