import { apiRoute } from "@/lib/api/route";
import { AppError } from "@/lib/app-error";
import { isFinalStatus } from "@/lib/imports/final-statuses";
import { submissionIdFrom } from "@/lib/imports/read";
import { getProgress } from "@/lib/imports/progress";
import { checkSubmission } from "@/lib/imports/track";

/** Counts only (batches, rows, drop reasons): what a progress bar polls for a large submission. */
export const GET = apiRoute({}, async ({ connection, params }) => {
  const id = submissionIdFrom(params.id);
  const current = await getProgress(connection.id, id);
  if (!current) throw new AppError("not_found", "No such submission.");
  if (isFinalStatus(current.status)) return current;
  await checkSubmission(id);
  return getProgress(connection.id, id);
});
