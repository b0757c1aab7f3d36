import { apiRoute } from "@/lib/api/route";
import { AppError } from "@/lib/app-error";
import { FINAL_STATUSES, submissionIdFrom } from "@/lib/imports/read";
import { getProgress } from "@/lib/imports/progress";
import { checkSubmission } from "@/lib/imports/track";

/** Counts only (batches, rows, drop reasons): what a progress bar polls for a large submission. */
export const GET = apiRoute({}, async ({ connection, params }) => {
  const id = submissionIdFrom(params.id);
  const current = await getProgress(connection.id, id);
  if (!current) throw new AppError("not_found", "No such submission.");
  if (FINAL_STATUSES.includes(current.status)) return current;
  await checkSubmission(id);
  return getProgress(connection.id, id);
});
