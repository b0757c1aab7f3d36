import { after } from "next/server";
import { apiRoute } from "@/lib/http/route";
import { submissionRetry } from "@/lib/contracts/submissions";
import { AppError } from "@/lib/app-error";
import { kickDelivery } from "@/lib/outbox/kick";
import { getSubmission, submissionIdFrom } from "@/lib/submissions/read";
import { retrySubmission } from "@/lib/submissions/retry";
import { refuseIfSuperseded } from "@/lib/submissions/superseded";
import { adminTimeZone } from "@/lib/time-zone";

export const POST = apiRoute({ contract: submissionRetry }, async ({ connection, params }) => {
  const id = submissionIdFrom(params.id);
  if (!(await getSubmission(connection.id, id))) throw new AppError("not_found", "No such submission.");
  await refuseIfSuperseded(connection.id, id, await adminTimeZone());
  const retried = await retrySubmission(id);
  after(() => kickDelivery(id));
  return { retried };
});
