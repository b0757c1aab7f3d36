// Follows a submission at the service: asks for each sent import's status until it is final,
// then records every row's outcome from the service's notifications and updates the known
// allocation with the rows that were imported.
import "server-only";
import { withServiceAccess } from "@/lib/connections/service-access";
import { db } from "@/lib/db";
import type { SubmissionChunk, SubmissionRow } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import {
  getImport,
  getImportNotifications,
  type ImportNotification,
  type ImportRecord,
  isFinalImportStatus,
  isSuccessfulImportStatus,
} from "@/lib/service/imports";
import { dropReason } from "./drop-reasons";
import { sendSubmission } from "./send";
import { updateSubmissionStatus } from "./submission-status";

/** Status checks of one chunk are at least this far apart, however often the page polls. */
const CHECK_INTERVAL_MS = 1_000;
/** A chunk left "sending" this long belonged to a process that stopped; it is sent again
 *  (its split ids are stable, so a second import of the same rows changes nothing). */
const STALE_SENDING_MS = 2 * 60 * 1000;

export async function trackSubmission(submissionId: string): Promise<void> {
  await reclaimStale(submissionId);
  await sendSubmission(submissionId);

  const submission = await db().submission.findUnique({
    where: { id: submissionId },
    include: { chunks: { where: { status: "sent" }, orderBy: { index: "asc" } } },
  });
  if (!submission) return;
  const due = submission.chunks.filter((c) => !c.checkedAt || Date.now() - c.checkedAt.getTime() >= CHECK_INTERVAL_MS);
  for (const chunk of due) {
    try {
      await checkChunk(submission.connectionId, chunk);
    } catch (error) {
      // The next poll tries again; the page shows the connection's state if that is the cause.
      log.warn("imports.check_failed", { chunkId: chunk.id, error });
      break;
    }
  }
  await updateSubmissionStatus(submissionId);
}

async function reclaimStale(submissionId: string) {
  await db().submissionChunk.updateMany({
    where: { submissionId, status: "sending", claimedAt: { lt: new Date(Date.now() - STALE_SENDING_MS) } },
    data: { status: "pending" },
  });
}

async function checkChunk(connectionId: string, chunk: SubmissionChunk) {
  const importId = chunk.serviceImportId!;
  const record = await withServiceAccess(connectionId, (token, target) => getImport(target, token, importId));
  const now = new Date();
  if (!isFinalImportStatus(record.status)) {
    await db().submissionChunk.update({
      where: { id: chunk.id },
      data: { serviceStatus: record.status, checkedAt: now },
    });
    return;
  }
  if (!isSuccessfulImportStatus(record.status)) {
    await db().submissionChunk.update({
      where: { id: chunk.id },
      data: {
        status: "failed",
        serviceStatus: record.status,
        checkedAt: now,
        lastError: `The service reported this import as ${record.status}.`,
      },
    });
    return;
  }
  const notifications = await withServiceAccess(connectionId, (token, target) =>
    getImportNotifications(target, token, importId),
  ).catch((error: unknown) => {
    log.warn("imports.listing_unavailable", { chunkId: chunk.id, error });
    return null;
  });
  await recordOutcome(connectionId, chunk, record, notifications, now);
}

async function recordOutcome(
  connectionId: string,
  chunk: SubmissionChunk,
  record: ImportRecord,
  notifications: ImportNotification[] | null,
  now: Date,
) {
  const rows = await db().submissionRow.findMany({ where: { chunkId: chunk.id }, orderBy: { rowIndex: "asc" } });
  const drops = new Map<number, ImportNotification>();
  for (const n of notifications ?? []) {
    const index = n.row ?? rows.find((r) => r.splitId === n.id)?.rowIndex;
    if (index !== undefined && !drops.has(index)) drops.set(index, n);
  }
  // Without the listing, rows are confirmed only when the service says none was dropped.
  const confirmed = notifications !== null || record.rows_dropped === 0;
  await db().$transaction(async (tx) => {
    for (const row of rows) {
      const drop = drops.get(row.rowIndex);
      if (drop) {
        await tx.submissionRow.update({
          where: { id: row.id },
          data: { outcome: "dropped", dropCode: drop.code ?? null, dropMessage: dropReason(drop.code, drop.message) },
        });
      } else if (confirmed) {
        await tx.submissionRow.update({ where: { id: row.id }, data: { outcome: "imported" } });
        await rememberSplit(tx, connectionId, row, now);
      }
    }
    await tx.submissionChunk.update({
      where: { id: chunk.id },
      data: {
        status: "complete",
        serviceStatus: record.status,
        checkedAt: now,
        completedAt: now,
        lastError: confirmed
          ? null
          : "The service did not list which rows it dropped; those rows are shown as unconfirmed.",
      },
    });
  });
}

type Tx = Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0];

async function rememberSplit(tx: Tx, connectionId: string, row: SubmissionRow, now: Date) {
  const fields = {
    transactionId: row.transactionId,
    unitAmountCents: row.unitAmountCents,
    quantity: row.quantity,
    campaign: row.campaign,
    campaignId: row.campaignId,
    parentCampaign: row.parentCampaign,
    parentCampaignId: row.parentCampaignId,
    fund: row.fund,
    fundId: row.fundId,
    deletedAt: row.deleted ? now : null,
  };
  if (row.deleted) {
    await tx.knownSplit.updateMany({ where: { connectionId, splitId: row.splitId }, data: { deletedAt: now } });
    return;
  }
  await tx.knownSplit.upsert({
    where: { connectionId_splitId: { connectionId, splitId: row.splitId } },
    create: { connectionId, splitId: row.splitId, ...fields },
    update: fields,
  });
}
