import { after } from "next/server";
import { answerWith, apiRoute } from "@/lib/http/route";
import { inboxApprove } from "@/lib/contracts/inbox";
import { BODY_LIMITS } from "@/lib/http/limited-body";
import { kickDelivery } from "@/lib/outbox/kick";
import { approveItems } from "@/lib/templates/inbox";

/** Sends the chosen inbox items as one submission, answers at once, and kicks its first delivery
 *  after the response (lib/outbox/kick.ts). */
export const POST = apiRoute(
  { contract: inboxApprove, maxBodyBytes: BODY_LIMITS.submissions },
  async ({ connection, body }) => {
    const { submissionId } = await approveItems(connection, body);
    after(() => kickDelivery(submissionId));
    return answerWith(inboxApprove, { submissionId }, { status: 201 });
  },
);
