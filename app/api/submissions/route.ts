import { after } from "next/server";
import { answerWith, apiRoute } from "@/lib/http/route";
import { submissionCreate, submissionsList } from "@/lib/contracts/submissions";
import { BODY_LIMITS } from "@/lib/http/limited-body";
import { kickDelivery } from "@/lib/outbox/kick";
import { createSubmission } from "@/lib/submissions/create";
import { listSubmissions } from "@/lib/submissions/list";

export const GET = apiRoute({ contract: submissionsList }, async ({ connection }) => listSubmissions(connection.id));

/** Stores the submission (its batches committed with it) and answers; right after the answer, this
 *  process kicks its first delivery (lib/outbox/kick.ts), and the worker delivers whatever a kick
 *  leaves. */
export const POST = apiRoute(
  { contract: submissionCreate, maxBodyBytes: BODY_LIMITS.submissions },
  async ({ connection, body }) => {
    const { submissionId, created } = await createSubmission(connection, body);
    after(() => kickDelivery(submissionId));
    return answerWith(submissionCreate, { submissionId, created }, { status: created ? 201 : 200 });
  },
);
