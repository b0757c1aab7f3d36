import { after } from "next/server";
import { apiRoute } from "@/lib/http/route";
import { BODY_LIMITS } from "@/lib/http/limited-body";
import { kickDelivery } from "@/lib/outbox/kick";
import { approveItems, approveSchema } from "@/lib/templates/inbox";

/** Sends the chosen inbox items as one submission, answers at once, and kicks its first delivery
 *  after the response (lib/outbox/kick.ts). */
export const POST = apiRoute(
  { body: approveSchema, maxBodyBytes: BODY_LIMITS.submissions },
  async ({ connection, body }) => {
    const { submissionId } = await approveItems(connection, body);
    after(() => kickDelivery(submissionId));
    return Response.json({ submissionId }, { status: 201 });
  },
);
