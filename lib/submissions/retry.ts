// The admin's Retry: failed batches go back in line with a fresh set of attempts; the outbox
// delivers them. (Whether a retry may run at all is superseded.ts's question.)
import "server-only";
import { db } from "@/lib/db";
import { updateSubmissionStatus } from "./status";

export async function retrySubmission(submissionId: string): Promise<number> {
  const reset = await db().submissionBatch.updateMany({
    where: { submissionId, status: "failed" },
    data: {
      status: "pending",
      attempts: 0,
      lastError: null,
      serviceImportId: null,
      serviceStatus: null,
      nextAttemptAt: null,
    },
  });
  if (reset.count > 0) await updateSubmissionStatus(submissionId);
  return reset.count;
}
