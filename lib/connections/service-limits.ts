// The adaptive limit of each connection in this process (lib/service/adaptive-limit.ts): every
// call made on a connection's behalf (service-access.ts) passes through its limit, so a 429 slows
// down every caller of that organization (sync windows, outbox, read-back, pages) and nobody
// else's. Per process: instances learn on their own, each from the answers it gets.
import "server-only";
import { setAdaptiveLimitProvider } from "@/lib/metrics/adaptive-limit";
import { AdaptiveLimit, type LimitSnapshot } from "@/lib/service/adaptive-limit";

const limits = new Map<string, AdaptiveLimit>();

// The metrics' gauge of the adaptive limit reads this process's limits when scraped.
setAdaptiveLimitProvider(() => [...limits.values()].map((limit) => limit.snapshot().concurrency));

export function limitFor(connectionId: string): AdaptiveLimit {
  let limit = limits.get(connectionId);
  if (!limit) {
    limit = new AdaptiveLimit();
    limits.set(connectionId, limit);
  }
  return limit;
}

/** The current limit of each connection this process has called for (metrics, benchmarks). */
export function currentLimits(): Map<string, LimitSnapshot> {
  return new Map([...limits].map(([id, limit]) => [id, limit.snapshot()]));
}

/** The current limit of one connection; null when this process has not called for it. */
export function currentLimit(connectionId: string): LimitSnapshot | null {
  return limits.get(connectionId)?.snapshot() ?? null;
}
