// The statuses after which a submission no longer changes: the server stops asking the service
// about it, and the pages stop polling. Free of server code, so both sides share it.
import type { SubmissionStatus } from "@/lib/generated/prisma/client";

const FINAL_STATUSES: readonly SubmissionStatus[] = ["complete", "complete_with_drops", "needs_attention"];

export function isFinalStatus(status: SubmissionStatus): boolean {
  return FINAL_STATUSES.includes(status);
}
