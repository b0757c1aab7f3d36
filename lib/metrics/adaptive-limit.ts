// Where the adaptive limiter (lib/connections) reports its current limits to the metrics: it sets
// a provider once; until it does, the gauge reports nothing (no made-up value).
import "server-only";

/** The current concurrency limit of each connection this process holds a limiter for. */
export type AdaptiveLimitProvider = () => Iterable<number>;

const slot = globalThis as unknown as { apportionAdaptiveLimits?: AdaptiveLimitProvider };

export function setAdaptiveLimitProvider(provider: AdaptiveLimitProvider | undefined): void {
  slot.apportionAdaptiveLimits = provider;
}

export function adaptiveLimits(): Iterable<number> {
  return slot.apportionAdaptiveLimits?.() ?? [];
}
