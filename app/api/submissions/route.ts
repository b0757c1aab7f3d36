import { after } from "next/server";
import { apiRoute } from "@/lib/http/route";
import { BODY_LIMITS } from "@/lib/http/limited-body";
import { tick } from "@/lib/outbox/tick";
import { createSubmission } from "@/lib/submissions/create";
import { listSubmissions } from "@/lib/submissions/list";
import { submissionRequestSchema } from "@/lib/splits/schema";

export const GET = apiRoute({}, async ({ connection }) => listSubmissions(connection.id));

/** Stores the submission, answers at once, and runs one outbox tick for it after the response
 *  (the worker delivers whatever that tick leaves). */
export const POST = apiRoute(
  { body: submissionRequestSchema, maxBodyBytes: BODY_LIMITS.submissions },
  async ({ connection, body }) => {
    const { submissionId, created } = await createSubmission(connection, body);
    after(() => tick({ submissionId }));
    return Response.json({ submissionId, created }, { status: created ? 201 : 200 });
  },
);
