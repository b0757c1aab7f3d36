import { after } from "next/server";
import { apiRoute } from "@/lib/http/route";
import { BODY_LIMITS } from "@/lib/http/limited-body";
import { kickDelivery } from "@/lib/outbox/kick";
import { createSubmission } from "@/lib/submissions/create";
import { listSubmissions } from "@/lib/submissions/list";
import { submissionRequestSchema } from "@/lib/splits/schema";

export const GET = apiRoute({}, async ({ connection }) => listSubmissions(connection.id));

/** Stores the submission (its batches committed with it) and answers; right after the answer, this
 *  process kicks its first delivery (lib/outbox/kick.ts), and the worker delivers whatever a kick
 *  leaves. */
export const POST = apiRoute(
  { body: submissionRequestSchema, maxBodyBytes: BODY_LIMITS.submissions },
  async ({ connection, body }) => {
    const { submissionId, created } = await createSubmission(connection, body);
    after(() => kickDelivery(submissionId));
    return Response.json({ submissionId, created }, { status: created ? 201 : 200 });
  },
);
