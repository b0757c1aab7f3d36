// Sends a bulk draft's valid transactions through the same pipeline as the editor: one
// submission (stored rows, batches of at most 100, idempotency key, outbox). Invalid items stay
// behind with their reasons; nothing of them is sent.
import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import type { BulkDraft, Connection } from "@/lib/generated/prisma/client";
import { createSubmission } from "@/lib/submissions/create";
import type { Allocation } from "@/lib/splits/schema";
import { draftFor } from "./drafts";
import { unusedNames, namesInUse } from "@/lib/submissions/new-names";
import { requireConfirmedDraftNames } from "./new-names";
import { readStoredJson } from "@/lib/stored-json";
import { storedAllocation } from "./stored";

export async function submitDraft(
  connection: Connection,
  draftId: string,
  idempotencyKey: string,
  /** The digest of the new names the preview showed and the admin confirmed. */
  confirmedNewNames?: string,
  /** Why, in the admin's words (History shows it). */
  reason?: string,
): Promise<{ submissionId: string; created: boolean }> {
  const draft = await draftFor(connection.id, draftId);
  if (draft.status === "submitted") {
    if (draft.submissionId) return { submissionId: draft.submissionId, created: false };
    // Claimed but not finished (the process stopped, or another click is on it): finish it
    // with the key it was claimed with, which finds the submission if it was stored.
    if (draft.submitKey) return send(connection, draft, draft.submitKey, reason);
  }
  if (draft.status !== "ready") throw new AppError("conflict", "This upload is not complete yet.");
  if (draft.validCount === 0) throw new AppError("invalid_input", "No gift in this allocation can be sent.");
  // A name the service does not hold becomes a new campaign or fund there: only by the admin's say.
  await requireConfirmedDraftNames(connection.id, draft.id, confirmedNewNames);

  // Claimed with its key first, so two clicks (or two tabs) cannot send the same draft twice.
  const claimed = await db().bulkDraft.updateMany({
    where: { id: draft.id, status: "ready" },
    data: { status: "submitted", submitKey: idempotencyKey },
  });
  if (claimed.count === 0) return submitDraft(connection, draftId, idempotencyKey, confirmedNewNames, reason);
  return send(connection, draft, idempotencyKey, reason);
}

async function send(
  connection: Connection,
  draft: BulkDraft,
  key: string,
  reason: string | undefined,
): Promise<{ submissionId: string; created: boolean }> {
  const items = await db().bulkDraftItem.findMany({
    where: { draftId: draft.id, valid: true },
    orderBy: { position: "asc" },
    select: { allocation: true },
  });
  const allocations = items.map((item) =>
    readStoredJson(storedAllocation, item.allocation, "BulkDraftItem.allocation"),
  );
  let result: { submissionId: string; created: boolean };
  try {
    // The draft is claimed only after its new names were confirmed (requireConfirmedDraftNames):
    // the submission's own check (lib/submissions/new-names.ts) hears them as confirmed.
    const confirmedNewNames = unusedNames(allocations, await namesInUse(connection.id)).map((n) => ({
      kind: n.kind === "fund" ? ("fund" as const) : ("campaign" as const),
      name: n.name,
    }));
    result = await createSubmission(connection, { idempotencyKey: key, allocations, confirmedNewNames, reason });
  } catch (error) {
    // Nothing was stored under the key: the draft can be sent again after the admin acts.
    const stored = await db().submission.findUnique({
      where: { connectionId_idempotencyKey: { connectionId: connection.id, idempotencyKey: key } },
      select: { id: true },
    });
    if (!stored) {
      await db().bulkDraft.updateMany({
        where: { id: draft.id, submissionId: null },
        data: { status: "ready", submitKey: null },
      });
    }
    throw error instanceof z.ZodError ? changedSincePreview(error, allocations) : error;
  }
  await db().bulkDraft.update({ where: { id: draft.id }, data: { submissionId: result.submissionId } });
  return result;
}

/** The submission's checks name allocations by index; the admin needs the gifts. */
function changedSincePreview(error: z.ZodError, allocations: readonly Allocation[]): AppError {
  const ids = new Set(
    error.issues.map((issue) => allocations[Number(issue.path[1])]?.transactionId).filter((id) => id !== undefined),
  );
  const first = error.issues[0]?.message ?? "";
  return new AppError(
    "conflict",
    `Gift ${[...ids].slice(0, 5).join(", ")}${ids.size > 5 ? ` and ${ids.size - 5} more` : ""} changed since this preview (${first}) Nothing was sent. Start the bulk allocation again to check it afresh.`,
  );
}
