// The realism in force and what it keeps between requests (buckets, calls in progress, latency
// draws, counts). Kept beside the emulator's state rather than in it: a reset (a new epoch)
// brings back the configured realism with empty buckets.
import type { EmulatorDeps, EmulatorState } from "../state";
import { LatencyDraw } from "./latency";
import type { Realism } from "./realism";
import { TokenBucket } from "./token-bucket";

export type RealismStats = {
  refused_per_token: number;
  refused_per_organization: number;
  refused_concurrent: number;
  /** The most calls of one organization answered at once. */
  most_at_once: number;
};

export class RealismState {
  private latency: LatencyDraw | null;
  private readonly tokenBuckets = new Map<string, TokenBucket>();
  private readonly organizationBuckets = new Map<number, TokenBucket>();
  private readonly inProgress = new Map<number, number>();
  readonly stats: RealismStats = {
    refused_per_token: 0,
    refused_per_organization: 0,
    refused_concurrent: 0,
    most_at_once: 0,
  };

  constructor(
    readonly realism: Realism,
    readonly epoch: number,
  ) {
    this.latency = realism.latency ? new LatencyDraw(realism.latency, realism.seed) : null;
  }

  drawLatency(): number {
    return this.latency?.next() ?? 0;
  }

  /** Null when the call may go on; else milliseconds until it could. Both buckets must have a
   *  token; one is taken from each only then. */
  takeRate(tokenHash: string, organizationId: number, now: number): number | null {
    const { perToken, perOrganization } = this.realism;
    if (perOrganization) {
      const bucket = bucketOf(this.organizationBuckets, organizationId, perOrganization, now);
      const wait = bucket.take(now);
      if (wait !== null) {
        this.stats.refused_per_organization++;
        return wait;
      }
    }
    if (perToken) {
      const bucket = bucketOf(this.tokenBuckets, tokenHash, perToken, now);
      const wait = bucket.take(now);
      if (wait !== null) {
        this.stats.refused_per_token++;
        return wait;
      }
    }
    return null;
  }

  /** False when the organization already has as many calls in progress as it may. */
  enter(organizationId: number): boolean {
    const now = this.inProgress.get(organizationId) ?? 0;
    const limit = this.realism.concurrentPerOrganization;
    if (limit !== null && now >= limit) {
      this.stats.refused_concurrent++;
      return false;
    }
    this.inProgress.set(organizationId, now + 1);
    this.stats.most_at_once = Math.max(this.stats.most_at_once, now + 1);
    return true;
  }

  leave(organizationId: number): void {
    const now = (this.inProgress.get(organizationId) ?? 1) - 1;
    if (now <= 0) this.inProgress.delete(organizationId);
    else this.inProgress.set(organizationId, now);
  }
}

function bucketOf<K>(buckets: Map<K, TokenBucket>, key: K, rate: Realism["perToken"] & object, now: number) {
  let bucket = buckets.get(key);
  if (!bucket) {
    bucket = new TokenBucket(rate, now);
    buckets.set(key, bucket);
  }
  return bucket;
}

const states = new WeakMap<EmulatorState, RealismState>();

/** The realism of this emulator; after a reset, the configured one afresh. */
export function realismState({ state, config }: EmulatorDeps): RealismState {
  const current = states.get(state);
  if (current && current.epoch === state.epoch) return current;
  return replaceRealism({ state, config }, config.realism);
}

/** Puts `realism` in force from now, with empty buckets and the latency draws from its seed. */
export function replaceRealism({ state }: EmulatorDeps, realism: Realism): RealismState {
  const fresh = new RealismState(realism, state.epoch);
  states.set(state, fresh);
  return fresh;
}
