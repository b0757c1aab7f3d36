// The kick: a submission's first delivery, made by the process that stored it, right after its
// request answered (the routes call kickDelivery from Next.js's after()). It claims with the
// outbox's own claim (claim.ts), restricted to that submission, so it is one more claimer beside
// the workers: a batch a worker holds is skipped (SKIP LOCKED), a batch behind an earlier one of
// its organization is not a head and waits, every write after the call is fenced (deliver.ts), and
// nothing is sent twice. A kick is a head start, never the guarantee: the submission and its
// batches were committed before the answer, and whatever a kick does not do (its queue is full,
// the process is stopping, the call fails, the kick throws) the worker's deliver loop does.
//
// Bounded per process: at most OUTBOX_KICK_CONCURRENCY kicks run at once and QUEUE_MAX wait, so a
// burst of submissions never takes more of the web pool's connections than that from the requests.
// Each request's after() used to run a whole outbox tick (reclaim, deliver, follow, read-back):
// at 1,000 submissions at once, those ticks and the requests queued for the same pool and the
// answer took 15 s at p50 (bench/RESULTS.md, "fleet at 50, 200 and 1,000 organizations"). A kick
// only delivers; following the import and reading it back are the worker's.
//
// stop(): nothing queued starts; a chain in hand stops before its next batch, the rest back in line
// (deliverChain, as the worker's stop); a call in flight finishes within the deadline. A claim still
// held then is left to lapse (OUTBOX_CLAIM_TIMEOUT_MS), not released: its call may be in flight,
// and a release could send it a second time.
import "server-only";
import { randomUUID } from "node:crypto";
import { getEnv } from "@/lib/env";
import { log, type LogContext, logContext, withExactLogContext } from "@/lib/log";
import { metrics } from "@/lib/metrics/registry";
import { updateSubmissionStatuses } from "@/lib/submissions/status";
import { claimChains } from "./claim";
import { deliverChain } from "./deliver";
import { CHAIN_LENGTH } from "./tick";
import { processSlot } from "@/lib/process-slot";

/** Kicks waiting per process: past this a submission is left to the worker (it loses nothing). */
export const QUEUE_MAX = 1_000;

/** sent: a batch went out; idle: nothing to claim (a worker has it, or it waits behind an earlier
 *  batch of its organization); tried: claimed, but the call failed or must wait (back in line);
 *  left: never started (queue full, or stopping); failed: the kick threw (the worker takes over). */
export type KickOutcome = "sent" | "idle" | "tried" | "left" | "failed";

export type KickStopReport = { inTime: boolean; left: number };

type Queued = { submissionId: string; context: LogContext; done: (outcome: KickOutcome) => void };

export class KickQueue {
  /** The claimer's name on the batches it holds (claimedBy). */
  readonly id: string;
  private readonly atOnce: number;
  private readonly queueMax: number;
  private readonly queue: Queued[] = [];
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(options: { id?: string; atOnce?: number; queueMax?: number } = {}) {
    this.id = options.id ?? `kick-${randomUUID().slice(0, 8)}`;
    this.atOnce = options.atOnce ?? getEnv().OUTBOX_KICK_CONCURRENCY;
    this.queueMax = options.queueMax ?? QUEUE_MAX;
  }

  /** Queues a kick for a submission just stored; its outcome once it ran ("left" at once when it
   *  is left to the worker). Never rejects. */
  kick(submissionId: string): Promise<KickOutcome> {
    if (this.stopped || this.queue.length >= this.queueMax) {
      count("left");
      return Promise.resolve("left");
    }
    return new Promise((done) => {
      // The request's context (its id, the organization) goes with the kick into every line it logs.
      this.queue.push({ submissionId, context: logContext(), done });
      this.startWaiting();
    });
  }

  /** Kicks queued or running. */
  get size(): number {
    return this.queue.length + this.running.size;
  }

  /** Starts nothing more; waits for the kicks in hand until `deadlineMs`. Safe to call twice. */
  async stop({ deadlineMs }: { deadlineMs: number }): Promise<KickStopReport> {
    this.stopped = true;
    const left = this.queue.splice(0);
    for (const queued of left) {
      count("left");
      queued.done("left");
    }
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      Promise.all(this.running).then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), deadlineMs))),
    ]);
    clearTimeout(timer);
    return { inTime, left: left.length };
  }

  private startWaiting(): void {
    while (!this.stopped && this.running.size < this.atOnce && this.queue.length > 0) {
      const next = this.queue.shift()!;
      const run = withExactLogContext(next.context, () => this.deliver(next.submissionId)).then((outcome) => {
        count(outcome);
        this.running.delete(run);
        next.done(outcome);
        this.startWaiting();
      });
      this.running.add(run);
    }
  }

  /** One claim round for the submission and its chain, delivered in order. */
  private async deliver(submissionId: string): Promise<KickOutcome> {
    try {
      const [chain] = await claimChains(this.id, 1, CHAIN_LENGTH, submissionId);
      if (!chain) return "idle";
      const outcomes = await deliverChain(chain, this.id, () => this.stopped);
      await updateSubmissionStatuses([submissionId]);
      return outcomes.includes("sent") ? "sent" : "tried";
    } catch (error) {
      log.error("outbox.kick_failed", { submissionId, kickId: this.id, error });
      return "failed";
    }
  }
}

function count(outcome: KickOutcome): void {
  metrics().outboxKicks.inc({ outcome });
}

// One per process: instrumentation.ts's stop handler stops the kicks the routes queued.
const kicks = processSlot<KickQueue>("apportionKicks");

/** This process's queue of kicks. */
export function processKicks(): KickQueue {
  return kicks.getOrCreate(() => new KickQueue());
}

/** Queues the first delivery of a submission just stored (call it from after()). */
export function kickDelivery(submissionId: string): void {
  void processKicks().kick(submissionId);
}

/** The process is stopping (lib/worker/shutdown.ts): see stop() above. */
export function stopKicks(deadlineMs: number): Promise<KickStopReport> {
  return processKicks().stop({ deadlineMs });
}
