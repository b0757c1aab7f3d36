// Delivers claimed chains: one import call per batch, the batches of a chain one after another
// in their order. A failure that may pass (429, 5xx, network) puts the batch back in line with a
// backoff (or the service's Retry-After), and the rest of its chain back behind it without
// spending an attempt; after OUTBOX_MAX_ATTEMPTS, or on a refusal, the batch fails (its submission
// needs attention) and the chain goes on, as a failed batch holds up no other. A batch whose
// integration is disabled waits for Reconnect without spending an attempt, and so does its chain.
import "server-only";
import { AppError } from "@/lib/app-error";
import { withServiceAccess } from "@/lib/connections/service-access";
import { findConnection } from "@/lib/connections/store";
import { execute, fragment, sql, utcInstant } from "@/lib/db-sql";
import type { Connection } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { createImport } from "@/lib/service/imports";
import { backoffMs, NO_RETRY } from "@/lib/service/retry";
import { type ClaimedBatch } from "./claim";

const WAITING = new Set(["connection_disabled", "connection_needs_reconnect", "unauthenticated"]);
const MAX_BACKOFF_MS = 5 * 60 * 1000;

/** "lost": the claim was taken over meanwhile (this worker was too slow), so the write was fenced off. */
export type SendOutcome = "sent" | "waiting" | "retry" | "failed" | "lost";

/** Delivers one connection's chain in order; the outcome of each batch tried. */
export async function deliverChain(
  chain: readonly ClaimedBatch[],
  workerId: string,
  stopping: () => boolean = () => false,
): Promise<SendOutcome[]> {
  const outcomes: SendOutcome[] = [];
  const [first] = chain;
  if (!first) return outcomes;
  // The connection is read once per chain (withServiceAccess takes the row the caller has read).
  const connection = (await findConnection(first.connectionId)) ?? first.connectionId;
  for (let i = 0; i < chain.length; i++) {
    // A stopping worker sends nothing more: the rest of the chain goes back in line, in order.
    if (stopping()) {
      await release(
        chain.slice(i).map((b) => b.id),
        workerId,
      );
      break;
    }
    const rest = chain.slice(i + 1).map((b) => b.id);
    const outcome = await deliverClaimed(chain[i]!, workerId, rest, connection);
    outcomes.push(outcome);
    if (outcome === "sent" || outcome === "failed") continue;
    // The batch went back in line (or to another worker): the ones behind it must not overtake it.
    if (outcome !== "lost") await release(rest, workerId);
    break;
  }
  return outcomes;
}

/** Claimed but not tried: back to pending, the attempt the claim counted given back. */
async function release(ids: string[], workerId: string): Promise<void> {
  if (ids.length === 0) return;
  await execute`
    UPDATE "SubmissionBatch"
       SET status = 'pending', "claimedBy" = NULL, attempts = attempts - 1
     WHERE id = ANY(${ids}::uuid[]) AND status = 'sending' AND "claimedBy" = ${workerId}`;
}

export async function deliverClaimed(
  batch: ClaimedBatch,
  workerId: string,
  rest: readonly string[] = [],
  connection: Connection | string = batch.connectionId,
): Promise<SendOutcome> {
  // Every write after the call is fenced by the claim (`fenced`): if this worker was too slow and
  // the batch was reclaimed and sent by another, the late answer changes nothing.
  const mine = { id: batch.id, claimedBy: workerId };
  try {
    const created = await withServiceAccess(connection, (token, target) =>
      createImport(target, token, batch.body, NO_RETRY),
    );
    if (!created.id) {
      // Accepted, but without an id its outcome cannot be followed: the rows stay unconfirmed.
      const done = await execute`
        UPDATE "SubmissionBatch"
           SET status = 'complete', "sentAt" = ${now()}, "completedAt" = ${now()},
               "lastError" = ${"The service accepted this batch without saying its import id, so its outcome cannot be followed."}
         WHERE ${fenced(mine)}`;
      return done > 0 ? "sent" : "lost";
    }
    // One statement records it sent and renews the claim on the rest of the chain, so a long
    // chain is not taken for a stopped worker's.
    const [done] = await sql<{ n: number }>`
      WITH sent AS (
        UPDATE "SubmissionBatch"
           SET status = 'sent', "serviceImportId" = ${created.id}, "serviceStatus" = ${created.status ?? "pending"},
               "sentAt" = now(), "lastError" = NULL, "nextAttemptAt" = NULL
         WHERE ${fenced(mine)}
        RETURNING id
      ), renewed AS (
        UPDATE "SubmissionBatch" SET "claimedAt" = now()
         WHERE id = ANY(${[...rest]}::uuid[]) AND status = 'sending' AND "claimedBy" = ${workerId}
           AND EXISTS (SELECT 1 FROM sent)
      )
      SELECT count(*)::int AS n FROM sent`;
    return done && done.n > 0 ? "sent" : "lost";
  } catch (error) {
    return recordFailure(batch, mine, error);
  }
}

type Fence = { id: string; claimedBy: string };

/** The batch while this worker's claim on it holds. */
const fenced = (mine: Fence) =>
  fragment`id = ${mine.id}::uuid AND status = 'sending' AND "claimedBy" = ${mine.claimedBy}`;

/** The app's clock, as Prisma wrote it (a timestamp without zone, in UTC). */
const now = (at = new Date()) => utcInstant(at);

async function recordFailure(batch: ClaimedBatch, mine: Fence, error: unknown): Promise<SendOutcome> {
  const message = error instanceof AppError ? error.message : "Apportion could not send this batch.";
  // Every failed send is logged: an AppError (the service unavailable, a refusal) at warn, with its
  // cause; anything else at error.
  (error instanceof AppError ? log.warn : log.error)("imports.send_failed", {
    batchId: batch.id,
    submissionId: batch.submissionId,
    attempt: batch.attempts,
    error,
  });
  // A write fenced off means another worker holds the batch now: "lost", so the chain stops.
  const unless = (outcome: SendOutcome) => (written: number) => (written > 0 ? outcome : "lost");
  if (error instanceof AppError && WAITING.has(error.code)) {
    return execute`
      UPDATE "SubmissionBatch"
         SET status = 'pending', attempts = attempts - 1, "lastError" = ${message}, "claimedBy" = NULL
       WHERE ${fenced(mine)}`.then(unless("waiting"));
  }
  const { OUTBOX_MAX_ATTEMPTS, OUTBOX_BACKOFF_MS } = getEnv();
  // Unknown failures may pass too (a dropped connection surfaces as one); only refusals are final.
  const retryable = !(error instanceof AppError) || error.code === "service_unavailable";
  if (retryable && batch.attempts < OUTBOX_MAX_ATTEMPTS) {
    const asked = error instanceof AppError ? (error.details?.retryAfterSeconds as number | undefined) : undefined;
    const delay = backoffMs(batch.attempts, { baseDelayMs: OUTBOX_BACKOFF_MS, maxDelayMs: MAX_BACKOFF_MS }, asked);
    return execute`
      UPDATE "SubmissionBatch"
         SET status = 'pending', "nextAttemptAt" = ${now(new Date(Date.now() + delay))}, "lastError" = ${message},
             "claimedBy" = NULL
       WHERE ${fenced(mine)}`.then(unless("retry"));
  }
  const lastError = retryable ? `${message} (gave up after ${batch.attempts} attempts)` : message;
  return execute`
    UPDATE "SubmissionBatch" SET status = 'failed', "lastError" = ${lastError}, "claimedBy" = NULL
     WHERE ${fenced(mine)}`.then(unless("failed"));
}
