import { after } from "next/server";
import { apiRoute } from "@/lib/api/route";
import { AppError } from "@/lib/app-error";
import { submissionIdFrom } from "@/lib/imports/read";
import { getSubmission } from "@/lib/imports/read";
import { retrySubmission, sendSubmission } from "@/lib/imports/send";
import { refuseIfSuperseded } from "@/lib/imports/superseded";

export const POST = apiRoute({}, async ({ connection, params }) => {
  const id = submissionIdFrom(params.id);
  if (!(await getSubmission(connection.id, id))) throw new AppError("not_found", "No such submission.");
  await refuseIfSuperseded(connection.id, id);
  const retried = await retrySubmission(id);
  after(() => sendSubmission(id));
  return { retried };
});
