// One round of the outbox: reclaim what a stopped worker left, then deliver what is claimable and
// follow what was delivered, side by side, bringing the submissions' statuses up to date after each
// step; then read one part of a complete submission back from the service. The worker runs its
// parts as loops of their own (deliverTurn, followTurn); "Check again" runs one round for its
// submission after answering; a newly stored submission gets a kick instead (kick.ts: delivery
// only, bounded per process).
import "server-only";
import { randomUUID } from "node:crypto";
import { readBackOnce } from "@/lib/read-back/run";
import { updateSubmissionStatuses } from "@/lib/submissions/status";
import { claimChains, claimFollowRuns, reclaimStale } from "./claim";
import { deliverChain } from "./deliver";
import { CHECK_INTERVAL_MS, followRun } from "./follow";

/** Claim rounds per tick: delivering goes on while batches keep going out (the service queues
 *  them in order), up to this many rounds. */
const DELIVER_ROUNDS = 20;
/** Batches of one connection claimed together and delivered one after another. */
export const CHAIN_LENGTH = 25;
/** Follow rounds per tick: another round when a whole run was finished at the service. */
const FOLLOW_ROUNDS = 20;
/** Sent batches of one connection asked about in one run, oldest first. */
const RUN_LENGTH = 25;

export type TickOptions = {
  /** Who claims: fences every write after a service call (see deliver.ts). */
  workerId?: string;
  /** Connections served per round, delivering and following. */
  perRound?: number;
  /** A claim older than this belongs to a worker that stopped. */
  staleMs?: number;
  /** Only this submission's batches (the request path); every submission when absent. */
  submissionId?: string | null;
  /** True once the worker is stopping: no new round or batch starts (what is claimed and not
   *  tried goes back in line). */
  shouldStop?: () => boolean;
};

/** True when it did anything. The worker runs the three parts as loops of their own instead
 *  (lib/worker/worker.ts), so that a long delivery never delays another organization's follow or
 *  read-back; "Check again" runs them once, in this order, for its submission. */
export async function tick(options: TickOptions = {}): Promise<boolean> {
  const workerId = options.workerId ?? `request-${randomUUID()}`;
  const stopping = options.shouldStop ?? (() => false);
  // Delivering and following touch different batches (pending/sending, sent): neither waits for
  // the other, so the service's queue is fed while finished imports are recorded.
  const [delivered, followed] = await Promise.all([deliverTurn({ ...options, workerId }), followTurn(options)]);
  // Then one part of reading a complete submission back (lib/read-back).
  const readBack = !stopping() && (await readBackOnce(workerId, options.submissionId ?? null));
  return delivered + followed > 0 || readBack;
}

/** Reclaims stale claims, then delivers claimed chains round after round. Batches claimed. */
export async function deliverTurn(options: TickOptions & { workerId: string }): Promise<number> {
  await reclaimStale(options.staleMs);
  return deliver(
    options.workerId,
    options.perRound ?? 10,
    options.submissionId ?? null,
    options.shouldStop ?? (() => false),
  );
}

/** Follows sent imports round after round. Batches asked about. */
export function followTurn(options: TickOptions): Promise<number> {
  return follow(options.perRound ?? 10, options.submissionId ?? null, options.shouldStop ?? (() => false));
}

async function deliver(
  workerId: string,
  perRound: number,
  submissionId: string | null,
  stopping: () => boolean,
): Promise<number> {
  let claimed = 0;
  for (let round = 0; round < DELIVER_ROUNDS && !stopping(); round++) {
    const chains = await claimChains(workerId, perRound, CHAIN_LENGTH, submissionId);
    if (chains.length === 0) break;
    // Chains belong to different organizations, so they go in parallel.
    const outcomes = await Promise.all(chains.map((chain) => deliverChain(chain, workerId, stopping)));
    claimed += chains.reduce((n, chain) => n + chain.length, 0);
    await updateSubmissionStatuses(chains.flat().map((b) => b.submissionId));
    if (!outcomes.flat().includes("sent")) break;
  }
  return claimed;
}

async function follow(perRound: number, submissionId: string | null, stopping: () => boolean): Promise<number> {
  let asked = 0;
  for (let round = 0; round < FOLLOW_ROUNDS && !stopping(); round++) {
    const runs = await claimFollowRuns(perRound, RUN_LENGTH, CHECK_INTERVAL_MS, submissionId);
    if (runs.length === 0) break;
    const outcomes = await Promise.all(runs.map((run) => followRun(run)));
    asked += runs.reduce((n, run) => n + run.length, 0);
    const finished = runs.flatMap((run, i) => run.filter((_, j) => outcomes[i]![j] === "final"));
    await updateSubmissionStatuses(finished.map((b) => b.submissionId));
    // Another round only when some run was finished to its end: more may be waiting behind it.
    const more = runs.some((run, i) => run.length === RUN_LENGTH && outcomes[i]!.every((o) => o === "final"));
    if (!more) break;
  }
  return asked;
}
