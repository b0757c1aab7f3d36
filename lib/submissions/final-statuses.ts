// The statuses after which a submission no longer changes: the server stops asking the service
// about it, and the pages stop polling. Free of server code, so both sides share it.
import type { SubmissionStatus } from "@/lib/generated/prisma/client";

const FINAL_STATUSES: readonly SubmissionStatus[] = ["complete", "complete_with_drops", "needs_attention"];

export function isFinalStatus(status: SubmissionStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** Nothing more will change without the admin: final, and read back when it completed. */
export function isSettled(submission: { status: SubmissionStatus; verification: { state: string } | null }): boolean {
  if (!isFinalStatus(submission.status)) return false;
  if (submission.status === "needs_attention") return true;
  return submission.verification !== null && submission.verification.state !== "pending";
}
