// Delivers claimed batches: one import call per claim. A failure that may pass (429, 5xx, network)
// puts the batch back in line with a backoff (or the service's Retry-After); after
// OUTBOX_MAX_ATTEMPTS, or on a refusal, the batch fails and its submission needs attention.
// A batch whose integration is disabled waits for Reconnect without spending an attempt.
import "server-only";
import { AppError } from "@/lib/app-error";
import { withServiceAccess } from "@/lib/connections/service-access";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { createImport } from "@/lib/service/imports";
import { backoffMs, NO_RETRY } from "@/lib/service/retry";
import { type ClaimedBatch } from "./claim";

const WAITING = new Set(["connection_disabled", "connection_needs_reconnect", "unauthenticated"]);
const MAX_BACKOFF_MS = 5 * 60 * 1000;

export type SendOutcome = "sent" | "waiting" | "retry" | "failed";

export async function deliverClaimed(batch: ClaimedBatch, workerId: string): Promise<SendOutcome> {
  // Every write after the call is fenced by the claim: if this worker was too slow and the batch
  // was reclaimed and sent by another, the late answer changes nothing.
  const mine = { id: batch.id, status: "sending" as const, claimedBy: workerId };
  try {
    const created = await withServiceAccess(batch.connectionId, (token, target) =>
      createImport(target, token, batch.body, NO_RETRY),
    );
    const now = new Date();
    await db().submissionBatch.updateMany({
      where: mine,
      data: created.id
        ? {
            status: "sent",
            serviceImportId: created.id,
            serviceStatus: created.status ?? "pending",
            sentAt: now,
            lastError: null,
            nextAttemptAt: null,
          }
        : {
            // Accepted, but without an id its outcome cannot be followed: the rows stay unconfirmed.
            status: "complete",
            sentAt: now,
            completedAt: now,
            lastError:
              "The service accepted this batch without saying its import id, so its outcome cannot be followed.",
          },
    });
    return "sent";
  } catch (error) {
    return recordFailure(batch, mine, error);
  }
}

type Fence = { id: string; status: "sending"; claimedBy: string };

async function recordFailure(batch: ClaimedBatch, mine: Fence, error: unknown): Promise<SendOutcome> {
  const message = error instanceof AppError ? error.message : "Apportion could not send this batch.";
  if (!(error instanceof AppError)) log.error("imports.send_failed", { batchId: batch.id, error });
  if (error instanceof AppError && WAITING.has(error.code)) {
    await db().submissionBatch.updateMany({
      where: mine,
      data: { status: "pending", attempts: { decrement: 1 }, lastError: message, claimedBy: null },
    });
    return "waiting";
  }
  const { OUTBOX_MAX_ATTEMPTS, OUTBOX_BACKOFF_MS } = getEnv();
  // Unknown failures may pass too (a dropped connection surfaces as one); only refusals are final.
  const retryable = !(error instanceof AppError) || error.code === "service_unavailable";
  if (retryable && batch.attempts < OUTBOX_MAX_ATTEMPTS) {
    const asked = error instanceof AppError ? (error.details?.retryAfterSeconds as number | undefined) : undefined;
    const delay = backoffMs(batch.attempts, { baseDelayMs: OUTBOX_BACKOFF_MS, maxDelayMs: MAX_BACKOFF_MS }, asked);
    await db().submissionBatch.updateMany({
      where: mine,
      data: { status: "pending", nextAttemptAt: new Date(Date.now() + delay), lastError: message, claimedBy: null },
    });
    return "retry";
  }
  await db().submissionBatch.updateMany({
    where: mine,
    data: {
      status: "failed",
      lastError: retryable ? `${message} (gave up after ${batch.attempts} attempts)` : message,
      claimedBy: null,
    },
  });
  return "failed";
}
