// Sends a submission's pending chunks, one import call each. A chunk is claimed with a
// conditional update first, so two requests (a double click, two tabs) never send it twice.
import "server-only";
import { AppError } from "@/lib/app-error";
import { withServiceAccess } from "@/lib/connections/service-access";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { createImport } from "@/lib/service/imports";
import type { RetryPolicy } from "@/lib/service/retry";
import type { ImportBody } from "./rows";
import { updateSubmissionStatus } from "./submission-status";

/** 429, 5xx and network failures: up to 5 tries over about 15 s, honouring Retry-After. */
const SEND_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 500, maxDelayMs: 8_000 };

/** Errors that mean "wait for the admin to reconnect", not "this chunk is wrong". */
const WAITING = new Set(["connection_disabled", "connection_needs_reconnect", "unauthenticated"]);

export async function sendSubmission(submissionId: string): Promise<void> {
  const submission = await db().submission.findUnique({
    where: { id: submissionId },
    include: { chunks: { where: { status: "pending" }, orderBy: { index: "asc" } } },
  });
  if (!submission) return;
  for (const chunk of submission.chunks) {
    const outcome = await sendChunk(submission.connectionId, chunk.id, chunk.body as ImportBody);
    if (outcome === "waiting") break;
  }
  await updateSubmissionStatus(submissionId);
}

async function sendChunk(
  connectionId: string,
  chunkId: string,
  body: ImportBody,
): Promise<"sent" | "failed" | "waiting" | "skipped"> {
  const claimed = await db().submissionChunk.updateMany({
    where: { id: chunkId, status: "pending" },
    data: { status: "sending", attempts: { increment: 1 }, lastError: null, claimedAt: new Date() },
  });
  if (claimed.count === 0) return "skipped";
  try {
    const created = await withServiceAccess(connectionId, (token, target) =>
      createImport(target, token, body, SEND_RETRY),
    );
    await db().submissionChunk.update({
      where: { id: chunkId },
      data: {
        status: "sent",
        serviceImportId: created.id,
        serviceStatus: created.status ?? "pending",
        sentAt: new Date(),
      },
    });
    return "sent";
  } catch (error) {
    const waiting = error instanceof AppError && WAITING.has(error.code);
    if (!(error instanceof AppError)) log.error("imports.send_failed", { chunkId, error });
    await db().submissionChunk.update({
      where: { id: chunkId },
      data: {
        status: waiting ? "pending" : "failed",
        lastError: error instanceof AppError ? error.message : "Apportion could not send this batch.",
      },
    });
    return waiting ? "waiting" : "failed";
  }
}

/** Puts failed chunks back in line (the admin's Retry). */
export async function retrySubmission(submissionId: string): Promise<number> {
  const reset = await db().submissionChunk.updateMany({
    where: { submissionId, status: "failed" },
    data: { status: "pending", lastError: null, serviceImportId: null, serviceStatus: null },
  });
  return reset.count;
}
