// Follows a delivered batch at the service: asks for its import's status until it is final,
// then records every row's outcome from the service's notifications and updates the known
// allocation with the rows that were imported.
import "server-only";
import { AppError } from "@/lib/app-error";
import { withServiceAccess } from "@/lib/connections/service-access";
import { db, type Tx } from "@/lib/db";
import type { SubmissionRow } from "@/lib/generated/prisma/client";
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
import type { DueBatch } from "./claim";

/** Status checks of one batch are at least this far apart, however often anyone asks. */
export const CHECK_INTERVAL_MS = 1_000;

/** Asks the service about one sent import; false when the service could not be asked. */
export async function followBatch(batch: DueBatch): Promise<boolean> {
  try {
    await checkOnce(batch);
    return true;
  } catch (error) {
    log.warn("imports.check_failed", { batchId: batch.id, error });
    // The service answered, but not about this import (unknown id, unreadable answer): asking
    // again would not help, so the batch needs attention. Anything else is tried again later.
    if (error instanceof AppError && error.code === "service_rejected") {
      await db().submissionBatch.update({
        where: { id: batch.id },
        data: {
          status: "failed",
          lastError: `Apportion could not follow import ${batch.serviceImportId}: ${error.message}`,
        },
      });
      return true;
    }
    return false;
  }
}

async function checkOnce(batch: DueBatch) {
  const { connectionId, serviceImportId: importId } = batch;
  const record = await withServiceAccess(connectionId, (token, target) => getImport(target, token, importId));
  const now = new Date();
  if (!isFinalImportStatus(record.status)) {
    await db().submissionBatch.update({ where: { id: batch.id }, data: { serviceStatus: record.status } });
    return;
  }
  if (!isSuccessfulImportStatus(record.status)) {
    await db().submissionBatch.update({
      where: { id: batch.id },
      data: {
        status: "failed",
        serviceStatus: record.status,
        lastError: `The service reported this import as ${record.status}.`,
      },
    });
    return;
  }
  const notifications = await withServiceAccess(connectionId, (token, target) =>
    getImportNotifications(target, token, importId),
  ).catch((error: unknown) => {
    log.warn("imports.listing_unavailable", { batchId: batch.id, error });
    return null;
  });
  await recordOutcome(connectionId, batch.id, record, notifications, now);
}

async function recordOutcome(
  connectionId: string,
  batchId: string,
  record: ImportRecord,
  notifications: ImportNotification[] | null,
  now: Date,
) {
  const rows = await db().submissionRow.findMany({ where: { batchId }, orderBy: { rowIndex: "asc" } });
  const drops = new Map<number, ImportNotification>();
  for (const n of notifications ?? []) {
    const index = n.row ?? rows.find((r) => r.splitId === n.id)?.rowIndex;
    if (index !== undefined && !drops.has(index)) drops.set(index, n);
  }
  // Without the listing, rows are confirmed only when the service says none was dropped; a
  // listing with fewer notifications than the import's dropped count is not the whole story.
  const droppedCount = record.rows_dropped;
  const confirmed =
    notifications !== null ? droppedCount === undefined || drops.size >= droppedCount : droppedCount === 0;
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
    await tx.submissionBatch.update({
      where: { id: batchId },
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
