import { apiRoute } from "@/lib/api/route";
import { AppError } from "@/lib/app-error";
import { submissionIdFrom } from "@/lib/imports/read";
import { isFinalStatus } from "@/lib/imports/final-statuses";
import { getSubmission } from "@/lib/imports/read";
import { trackSubmission } from "@/lib/imports/track";

/** The submission, after asking the service about any import still in progress. */
export const GET = apiRoute({}, async ({ connection, params }) => {
  const id = submissionIdFrom(params.id);
  const current = await getSubmission(connection.id, id);
  if (!current) throw new AppError("not_found", "No such submission.");
  if (isFinalStatus(current.status)) return current;
  await trackSubmission(id);
  return getSubmission(connection.id, id);
});
