import { after } from "next/server";
import { apiRoute } from "@/lib/http/route";
import { BODY_LIMITS } from "@/lib/http/limited-body";
import { tick } from "@/lib/outbox/tick";
import { approveItems, approveSchema } from "@/lib/templates/inbox";

/** Sends the chosen inbox items as one submission, answers at once, and runs one outbox tick for it after the response. */
export const POST = apiRoute(
  { body: approveSchema, maxBodyBytes: BODY_LIMITS.submissions },
  async ({ connection, body }) => {
    const { submissionId } = await approveItems(connection, body);
    after(() => tick({ submissionId }));
    return Response.json({ submissionId }, { status: 201 });
  },
);
