import { after } from "next/server";
import { apiRoute } from "@/lib/api/route";
import { BODY_LIMITS } from "@/lib/http/limited-body";
import { listSubmissions } from "@/lib/imports/read";
import { sendSubmission } from "@/lib/imports/send";
import { createSubmission } from "@/lib/imports/submit";
import { submissionRequestSchema } from "@/lib/splits/schema";

export const GET = apiRoute({}, async ({ connection }) => listSubmissions(connection.id));

/** Stores the submission, answers at once, and sends it after the response. */
export const POST = apiRoute(
  { body: submissionRequestSchema, maxBodyBytes: BODY_LIMITS.submissions },
  async ({ connection, body }) => {
    const { submissionId, created } = await createSubmission(connection, body);
    after(() => sendSubmission(submissionId));
    return Response.json({ submissionId, created }, { status: created ? 201 : 200 });
  },
);
