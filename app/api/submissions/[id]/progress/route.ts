import { apiRoute } from "@/lib/http/route";
import { submissionProgress } from "@/lib/contracts/submissions";
import { AppError } from "@/lib/app-error";
import { getProgress } from "@/lib/submissions/progress";
import { submissionIdFrom } from "@/lib/submissions/read";

/** Counts only (batches, rows, drop reasons): what a progress bar polls for a large submission.
 *  A read only: the outbox moves the submission along. */
export const GET = apiRoute({ contract: submissionProgress }, async ({ connection, params }) => {
  const progress = await getProgress(connection.id, submissionIdFrom(params.id), connection.status === "active");
  if (!progress) throw new AppError("not_found", "No such submission.");
  return progress;
});
