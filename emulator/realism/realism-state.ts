// The realism in force and what it keeps between requests (buckets, calls in progress, latency
// draws, counts). Its checks run in this order (middleware.ts): calls at once, then both rate
// buckets together. Kept beside the emulator's state rather than in it: a reset (a new epoch)
// brings back the configured realism with empty buckets.
import type { EmulatorDeps, EmulatorState } from "../state";
import { LatencyDraw } from "./latency";
import type { Realism } from "./realism";
import { rateLimitHeaders, type LimitItem } from "./ratelimit-headers";
import { TokenBucket } from "./token-bucket";

/** Who makes an API call, as far as the limits care. */
export type Caller = { tokenHash: string; clientId: string; organizationId: number };

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

  /**
   * Null when the call may go on, having taken one token from each bucket that limits it; else
   * the milliseconds until both could give one, having taken none (a refused call takes no token).
   * Counted as refused by the bucket that holds it longest (the organization's on a tie).
   */
  takeRate(caller: Caller, now: number): number | null {
    const { organization, own } = this.bucketsOf(caller, now);
    const organizationWait = organization?.wait(now) ?? null;
    const ownWait = own?.wait(now) ?? null;
    if (organizationWait === null && ownWait === null) {
      organization?.take(now);
      own?.take(now);
      return null;
    }
    if ((organizationWait ?? -1) >= (ownWait ?? -1)) this.stats.refused_per_organization++;
    else this.stats.refused_per_token++;
    return Math.max(organizationWait ?? 0, ownWait ?? 0);
  }

  /** RateLimit-Policy and RateLimit for this caller as things stand (ratelimit-headers.ts). */
  headers(caller: Caller, now: number): Record<string, string> {
    const { organization, own } = this.bucketsOf(caller, now);
    const items: LimitItem[] = [];
    if (own) items.push({ name: this.realism.rateKey === "token" ? "token" : "client-organization", bucket: own });
    if (organization) items.push({ name: "organization", bucket: organization });
    const limit = this.realism.concurrentPerOrganization;
    if (limit !== null) {
      const inProgress = this.inProgress.get(caller.organizationId) ?? 0;
      items.push({ name: "concurrency", concurrent: { limit, inProgress } });
    }
    return rateLimitHeaders(items, now);
  }

  /** The caller's own bucket is keyed by access token or by client and organization (rateKey). */
  private bucketsOf(caller: Caller, now: number) {
    const { perToken, perOrganization, rateKey } = this.realism;
    const key =
      rateKey === "token"
        ? `token ${caller.tokenHash}`
        : `client ${caller.clientId} organization ${caller.organizationId}`;
    return {
      organization: perOrganization && bucketOf(this.organizationBuckets, caller.organizationId, perOrganization, now),
      own: perToken && bucketOf(this.tokenBuckets, key, perToken, now),
    };
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
