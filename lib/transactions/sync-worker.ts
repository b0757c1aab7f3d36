// The worker's share of the transactions sync (its "sync" loop, lib/worker/worker.ts): up to
// SYNC_CONCURRENCY organizations at once, each for one turn (SYNC_TURN_MS) before it yields its
// slot and its lease; which ones, and in what order, is sync-due.ts's (due, scheduled, fair).
// Any number of workers may run: the lease keeps one run per organization.
import "server-only";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics/registry";
import { dueSyncs } from "./sync-due";
import { runSync } from "./sync-run";

/** After a failure the worker leaves an organization alone this long. */
const RETRY_AFTER_MS = 30_000;

export type SyncSlotsOptions = {
  workerId: string;
  shouldStop: () => boolean;
  concurrency?: number;
  turnMs?: number;
  intervalMs?: number;
};

/** The runs one worker has in hand, by organization, and the organizations it leaves alone. */
export class SyncSlots {
  readonly inHand = new Map<string, Promise<void>>();
  private readonly retryAt = new Map<string, number>();

  constructor(private readonly options: SyncSlotsOptions) {}

  /** Starts the due organizations that free slots allow. How many it started. */
  async fill(): Promise<number> {
    const env = getEnv();
    const concurrency = this.options.concurrency ?? env.SYNC_CONCURRENCY;
    const turnMs = this.options.turnMs ?? env.SYNC_TURN_MS;
    if (this.options.shouldStop() || this.inHand.size >= concurrency) return 0;
    const now = Date.now();
    for (const [id, at] of this.retryAt) if (at <= now) this.retryAt.delete(id);
    const due = await dueSyncs({
      limit: concurrency - this.inHand.size,
      intervalMs: this.options.intervalMs ?? env.SYNC_INTERVAL_MS,
      turnMs,
      skip: [...this.inHand.keys(), ...this.retryAt.keys()],
    });
    for (const connectionId of due) {
      if (this.options.shouldStop()) break;
      const run = this.turn(connectionId, turnMs).finally(() => this.inHand.delete(connectionId));
      this.inHand.set(connectionId, run);
    }
    return due.length;
  }

  /** Resolves when any run in hand ends (at once when none is). */
  whenOneEnds(): Promise<void> {
    return Promise.race(this.inHand.values());
  }

  /** Resolves when every run in hand has ended (each stops at its next page once stopping). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.inHand.values()]);
  }

  private async turn(connectionId: string, turnMs: number): Promise<void> {
    const { workerId, shouldStop } = this.options;
    try {
      const outcome = await runSync(connectionId, workerId, { budgetMs: turnMs, shouldStop });
      metrics().syncRuns.inc({ state: outcome.state });
    } catch (error) {
      metrics().syncRuns.inc({ state: "failed" });
      this.retryAt.set(connectionId, Date.now() + RETRY_AFTER_MS);
      log.warn("sync.run_failed", { workerId, connectionId, error });
    }
  }
}
