// Where the adaptive limiter (lib/connections) reports its current limits to the metrics: it sets
// a provider once; until it does, the gauge reports nothing (no made-up value).
import "server-only";
import { processSlot } from "@/lib/process-slot";

/** The current concurrency limit of each connection this process holds a limiter for. */
export type AdaptiveLimitProvider = () => Iterable<number>;

const provided = processSlot<AdaptiveLimitProvider>("apportionAdaptiveLimits");

export function setAdaptiveLimitProvider(provider: AdaptiveLimitProvider | undefined): void {
  provided.set(provider);
}

export function adaptiveLimits(): Iterable<number> {
  return provided.get()?.() ?? [];
}
