// Why a Failed submission failed, read from its failed batches as the outbox left them: sent and
// reported failed by the service, sent and not followed, given up on after every attempt, or
// refused (by the service, or a stored body that no longer reads) before any import existed.
// Server-only: how many attempts "every attempt" is lives in the configuration.
import "server-only";
import { getEnv } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isFinalImportStatus, isSuccessfulImportStatus } from "@/lib/service/imports";
import type { FailureCause } from "./submission-state";

/** What a failed batch tells of its failure (SubmissionBatch's columns). */
export type FailedBatch = { serviceImportId: string | null; serviceStatus: string | null; attempts: number };

/** Prisma's read of the one batch failureOf looks at: the first failed one, with those columns. */
export const firstFailedBatch = {
  where: { status: "failed" },
  orderBy: { index: "asc" },
  take: 1,
  select: { serviceImportId: true, serviceStatus: true, attempts: true },
} as const satisfies Prisma.SubmissionBatchFindManyArgs;

/**
 * The cause of the first failed batch, in the batches' order; null when none failed. Delivery
 * gives up on a failure that may pass only after OUTBOX_MAX_ATTEMPTS (lib/outbox/deliver.ts), so
 * fewer attempts mean a refusal; a refusal at the very last attempt reads as unreachable.
 */
export function failureOf(failed: readonly FailedBatch[]): FailureCause | null {
  const [first] = failed;
  if (!first) return null;
  if (first.serviceImportId) {
    const reported = first.serviceStatus;
    return reported && isFinalImportStatus(reported) && !isSuccessfulImportStatus(reported)
      ? "import_failed"
      : "not_followed";
  }
  return first.attempts >= getEnv().OUTBOX_MAX_ATTEMPTS ? "unreachable" : "not_sent";
}
