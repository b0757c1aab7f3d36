// How far a submission has got, in counts: what a progress bar and a final report need, without
// loading every row (a bulk submission can hold 100,000).
import "server-only";
import { db } from "@/lib/db";
import type { SubmissionStatus } from "@/lib/generated/prisma/client";
import { failureOf, firstFailedBatch } from "./failure";
import type { FailureCause, VerificationState } from "./submission-state";

export type SubmissionProgress = {
  id: string;
  status: SubmissionStatus;
  /** Read-back's verdict; with `status` and `connectionActive`, the state shown. */
  verificationState: VerificationState | null;
  /** Whether the connection can reach the service now. */
  connectionActive: boolean;
  transactionCount: number;
  rowCount: number;
  batches: { total: number; sent: number; done: number; failed: number };
  rows: { imported: number; dropped: number; pending: number };
  /** Why rows were dropped, most frequent first. */
  dropReasons: { message: string; count: number }[];
  /** The latest problem of a batch still waiting or given up on. */
  lastError: string | null;
  /** Why it is Failed, when a batch failed (lib/submissions/failure.ts). */
  failure: FailureCause | null;
};

export async function getProgress(
  connectionId: string,
  id: string,
  connectionActive = true,
): Promise<SubmissionProgress | null> {
  const submission = await db().submission.findFirst({ where: { id, connectionId } });
  if (!submission) return null;
  const [batches, outcomes, reasons, failing, failed] = await Promise.all([
    db().submissionBatch.groupBy({ by: ["status"], where: { submissionId: id }, _count: { _all: true } }),
    db().submissionRow.groupBy({ by: ["outcome"], where: { submissionId: id }, _count: { _all: true } }),
    db().submissionRow.groupBy({
      by: ["dropMessage"],
      where: { submissionId: id, outcome: "dropped" },
      _count: { _all: true },
      orderBy: { _count: { dropMessage: "desc" } },
      take: 10,
    }),
    db().submissionBatch.findFirst({
      where: { submissionId: id, lastError: { not: null }, status: { in: ["pending", "failed"] } },
      orderBy: { index: "asc" },
      select: { lastError: true },
    }),
    db().submissionBatch.findMany({ ...firstFailedBatch, where: { ...firstFailedBatch.where, submissionId: id } }),
  ]);
  const batchCount = (status: string) => batches.find((c) => c.status === status)?._count._all ?? 0;
  const rowCount = (outcome: string) => outcomes.find((o) => o.outcome === outcome)?._count._all ?? 0;
  const total = batches.reduce((n, c) => n + c._count._all, 0);
  return {
    id: submission.id,
    status: submission.status,
    verificationState: submission.verification,
    connectionActive,
    transactionCount: submission.transactionCount,
    rowCount: submission.rowCount,
    batches: {
      total,
      sent: batchCount("sent") + batchCount("complete"),
      done: batchCount("complete"),
      failed: batchCount("failed"),
    },
    rows: { imported: rowCount("imported"), dropped: rowCount("dropped"), pending: rowCount("pending") },
    dropReasons: reasons.map((r) => ({ message: r.dropMessage ?? "Dropped by the service.", count: r._count._all })),
    lastError: failing?.lastError ?? null,
    failure: failureOf(failed),
  };
}
