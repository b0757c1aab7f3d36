import { after } from "next/server";
import { apiRoute } from "@/lib/http/route";
import { submissionVerify } from "@/lib/contracts/submissions";
import { AppError } from "@/lib/app-error";
import { tick } from "@/lib/outbox/tick";
import { checkAgain } from "@/lib/read-back/run";
import { getProgress } from "@/lib/submissions/progress";
import { submissionIdFrom } from "@/lib/submissions/read";

/** "Check again": the outbox reads the submission's gifts back afresh. */
export const POST = apiRoute({ contract: submissionVerify }, async ({ connection, params }) => {
  const id = submissionIdFrom(params.id);
  const progress = await getProgress(connection.id, id);
  if (!progress) throw new AppError("not_found", "No such submission.");
  if (progress.status !== "complete" && progress.status !== "complete_with_drops") {
    throw new AppError("conflict", "Only a submission whose imports are complete can be read back.");
  }
  await checkAgain(id);
  after(() => tick({ submissionId: id }));
  return { ok: true as const };
});
