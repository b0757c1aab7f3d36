// One round of the outbox, the same for the worker's loop and for a request that has just stored
// a submission (run after its response): reclaim what a stopped worker left, deliver what is
// claimable, follow what was delivered, bring the submissions' statuses up to date, and read one
// part of a complete submission back from the service.
import "server-only";
import { randomUUID } from "node:crypto";
import { getEnv } from "@/lib/env";
import { readBackOnce } from "@/lib/read-back/run";
import { updateSubmissionStatus } from "@/lib/submissions/status";
import { claimBatches, claimDueChecks, reclaimStale } from "./claim";
import { deliverClaimed } from "./deliver";
import { CHECK_INTERVAL_MS, followBatch } from "./follow";

/** Claim rounds per tick: an organization's next batch is claimable as soon as the previous one
 *  is delivered (the service queues imports in order), so delivering goes on for a few rounds
 *  before following: a whole round of checks per batch made 100 batches take 29 s (bench/RESULTS.md). */
const DELIVER_ROUNDS = 20;

export type TickOptions = {
  /** Who claims: fences every write after a service call (see deliver.ts). */
  workerId?: string;
  /** Batches claimed, and checks made, per round. */
  perRound?: number;
  /** A claim older than this belongs to a worker that stopped. */
  staleMs?: number;
  /** Only this submission's batches (the request path); every submission when absent. */
  submissionId?: string | null;
};

/** True when it did anything. */
export async function tick(options: TickOptions = {}): Promise<boolean> {
  const workerId = options.workerId ?? `request-${randomUUID()}`;
  const perRound = options.perRound ?? 10;
  const submissionId = options.submissionId ?? null;
  await reclaimStale(options.staleMs ?? getEnv().OUTBOX_CLAIM_TIMEOUT_MS);
  // Claimed batches belong to different organizations (one at a time each), so they go in parallel.
  const claimed = [];
  for (let round = 0; round < DELIVER_ROUNDS; round++) {
    const more = await claimBatches(workerId, perRound, submissionId);
    if (more.length === 0) break;
    const outcomes = await Promise.all(more.map((batch) => deliverClaimed(batch, workerId)));
    claimed.push(...more);
    if (!outcomes.includes("sent")) break;
  }
  const due = await claimDueChecks(perRound, CHECK_INTERVAL_MS, submissionId);
  // A connection the service could not be asked about is not asked again in this round.
  const unreachable = new Set<string>();
  for (const batch of due) {
    if (unreachable.has(batch.connectionId)) continue;
    if (!(await followBatch(batch))) unreachable.add(batch.connectionId);
  }
  for (const id of new Set([...claimed, ...due].map((c) => c.submissionId))) await updateSubmissionStatus(id);
  // Then one part of reading a complete submission back (lib/read-back).
  const readBack = await readBackOnce(workerId, submissionId);
  return claimed.length + due.length > 0 || readBack;
}
