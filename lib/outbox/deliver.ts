// Delivers claimed chunks: one import call per claim. A failure that may pass (429, 5xx, network)
// puts the chunk back in line with a backoff (or the service's Retry-After); after
// OUTBOX_MAX_ATTEMPTS, or on a refusal, the chunk fails and its submission needs attention.
// A chunk whose integration is disabled waits for Reconnect without spending an attempt.
import "server-only";
import { AppError } from "@/lib/app-error";
import { withServiceAccess } from "@/lib/connections/service-access";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { createImport } from "@/lib/service/imports";
import { backoffMs, NO_RETRY } from "@/lib/service/retry";
import { type ClaimedChunk } from "./claim";

const WAITING = new Set(["connection_disabled", "connection_needs_reconnect", "unauthenticated"]);
const MAX_BACKOFF_MS = 5 * 60 * 1000;

export type SendOutcome = "sent" | "waiting" | "retry" | "failed";

export async function deliverClaimed(chunk: ClaimedChunk, workerId: string): Promise<SendOutcome> {
  // Every write after the call is fenced by the claim: if this worker was too slow and the chunk
  // was reclaimed and sent by another, the late answer changes nothing.
  const mine = { id: chunk.id, status: "sending" as const, claimedBy: workerId };
  try {
    const created = await withServiceAccess(chunk.connectionId, (token, target) =>
      createImport(target, token, chunk.body, NO_RETRY),
    );
    const now = new Date();
    await db().submissionChunk.updateMany({
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
    return recordFailure(chunk, mine, error);
  }
}

type Fence = { id: string; status: "sending"; claimedBy: string };

async function recordFailure(chunk: ClaimedChunk, mine: Fence, error: unknown): Promise<SendOutcome> {
  const message = error instanceof AppError ? error.message : "Apportion could not send this batch.";
  if (!(error instanceof AppError)) log.error("imports.send_failed", { chunkId: chunk.id, error });
  if (error instanceof AppError && WAITING.has(error.code)) {
    await db().submissionChunk.updateMany({
      where: mine,
      data: { status: "pending", attempts: { decrement: 1 }, lastError: message, claimedBy: null },
    });
    return "waiting";
  }
  const { OUTBOX_MAX_ATTEMPTS, OUTBOX_BACKOFF_MS } = getEnv();
  // Unknown failures may pass too (a dropped connection surfaces as one); only refusals are final.
  const retryable = !(error instanceof AppError) || error.code === "service_unavailable";
  if (retryable && chunk.attempts < OUTBOX_MAX_ATTEMPTS) {
    const asked = error instanceof AppError ? (error.details?.retryAfterSeconds as number | undefined) : undefined;
    const delay = backoffMs(chunk.attempts, { baseDelayMs: OUTBOX_BACKOFF_MS, maxDelayMs: MAX_BACKOFF_MS }, asked);
    await db().submissionChunk.updateMany({
      where: mine,
      data: { status: "pending", nextAttemptAt: new Date(Date.now() + delay), lastError: message, claimedBy: null },
    });
    return "retry";
  }
  await db().submissionChunk.updateMany({
    where: mine,
    data: {
      status: "failed",
      lastError: retryable ? `${message} (gave up after ${chunk.attempts} attempts)` : message,
      claimedBy: null,
    },
  });
  return "failed";
}
