import "server-only";
import { db } from "@/lib/db";
import type { SubmissionStatus } from "@/lib/generated/prisma/client";

/** A submission's status follows from its batches and rows. */
export async function updateSubmissionStatus(submissionId: string): Promise<SubmissionStatus> {
  const [batches, dropped] = await Promise.all([
    db().submissionBatch.findMany({ where: { submissionId }, select: { status: true } }),
    db().submissionRow.count({ where: { submissionId, outcome: "dropped" } }),
  ]);
  const has = (s: string) => batches.some((c) => c.status === s);
  // A failed batch does not stop the others: the submission needs attention once nothing else moves.
  const status: SubmissionStatus =
    has("pending") || has("sending")
      ? "sending"
      : has("sent")
        ? "processing"
        : has("failed")
          ? "needs_attention"
          : dropped > 0
            ? "complete_with_drops"
            : "complete";
  // updateMany: a submission deleted meanwhile (its connection removed) is simply gone.
  await db().submission.updateMany({ where: { id: submissionId }, data: { status } });
  return status;
}
