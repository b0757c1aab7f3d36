import { apiRoute } from "@/lib/http/route";
import { submissionRead } from "@/lib/contracts/submissions";
import { AppError } from "@/lib/app-error";
import { getSubmission, submissionIdFrom } from "@/lib/submissions/read";

/** The submission as recorded. A read only: delivering and following belong to the outbox. */
export const GET = apiRoute({ contract: submissionRead }, async ({ connection, params }) => {
  const submission = await getSubmission(connection.id, submissionIdFrom(params.id));
  if (!submission) throw new AppError("not_found", "No such submission.");
  return submission;
});
