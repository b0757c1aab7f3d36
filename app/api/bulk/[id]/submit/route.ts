import { after } from "next/server";
import { answerWith, apiRoute } from "@/lib/http/route";
import { draftSubmit } from "@/lib/contracts/bulk";
import { submitDraft } from "@/lib/bulk/submit";
import { kickDelivery } from "@/lib/outbox/kick";

/** Stores the valid transactions as one submission, answers at once, and kicks its first delivery
 *  after the response (lib/outbox/kick.ts). */
export const POST = apiRoute({ contract: draftSubmit }, async ({ connection, params, body }) => {
  const { submissionId, created } = await submitDraft(
    connection,
    String(params.id),
    body.idempotencyKey,
    body.confirmedNewNames,
    body.reason,
  );
  after(() => kickDelivery(submissionId));
  return answerWith(draftSubmit, { submissionId, created }, { status: created ? 201 : 200 });
});
