// Follows delivered batches at the service: asks for an import's status until it is final, then
// records every row's outcome from the service's notifications and updates the known allocation
// with the rows that were imported (one statement, record.ts). A connection's imports are followed
// in the order they were sent, the oldest first, since the service finishes them in that order.
import "server-only";
import { AppError } from "@/lib/app-error";
import { withServiceAccess } from "@/lib/connections/service-access";
import { findConnection } from "@/lib/connections/store";
import { db } from "@/lib/db";
import type { Connection } from "@/lib/generated/prisma/client";
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
import { batchRows, recordBatchOutcome, type RowOutcomeUpdate, type StoredRow } from "./record";

/** A connection's oldest unfinished import is asked about at most this often. Only that one is
 *  asked (the service finishes imports in order), so this is per organization, not per import:
 *  it was 1 s per import, which cost up to a second after the service had finished. */
export const CHECK_INTERVAL_MS = 250;

/** "final": recorded (or failed); "pending": not finished at the service; "unreachable": the
 *  service could not be asked, so the rest of the run waits for the next round. */
export type FollowOutcome = "final" | "pending" | "unreachable";

/** Most statuses asked at once while catching up with the service. */
const MAX_WINDOW = 8;

/**
 * Follows one connection's run in order, stopping at the first import that is not finished.
 * The oldest is asked alone; while every answer is "finished", the next window of imports is
 * asked at once, doubling up to MAX_WINDOW (so when the follower has fallen behind the service it
 * catches up, and when it has not, at most half of a window's calls were early). Each finished
 * import is recorded (its listing read, its rows written) while the next ones are asked about.
 */
export async function followRun(run: readonly DueBatch[]): Promise<FollowOutcome[]> {
  const outcomes: Promise<FollowOutcome>[] = [];
  const [first] = run;
  if (!first) return [];
  const connection = (await findConnection(first.connectionId)) ?? first.connectionId;
  let window = 1;
  for (let next = 0; next < run.length; next += window, window = Math.min(window * 2, MAX_WINDOW)) {
    const slice = run.slice(next, next + window);
    const steps = await Promise.all(slice.map((batch) => followBatch(batch, connection)));
    steps.forEach((step, i) => outcomes.push(settled(step, slice[i]!)));
    if (steps.some((step) => typeof step === "string" && step !== "final")) break;
  }
  return Promise.all(outcomes);
}

function settled(step: FollowStep, batch: DueBatch): Promise<FollowOutcome> {
  if (typeof step === "string") return Promise.resolve(step);
  return step.recording.then(
    () => "final" as const,
    (error: unknown) => {
      // Left `sent`: it is asked and recorded again in a later round.
      log.warn("imports.record_failed", { batchId: batch.id, error });
      return "unreachable" as const;
    },
  );
}

/** An outcome, or a finished import being recorded. */
type FollowStep = FollowOutcome | { recording: Promise<void> };

/** Asks the service about one sent import and records what it says. */
export async function followBatch(
  batch: DueBatch,
  connection: Connection | string = batch.connectionId,
): Promise<FollowStep> {
  try {
    return await checkOnce(batch, connection);
  } catch (error) {
    log.warn("imports.check_failed", { batchId: batch.id, error });
    // The service answered, but not about this import (unknown id, unreadable answer): asking
    // again would not help, so the batch needs attention. Anything else is tried again later.
    if (error instanceof AppError && error.code === "service_rejected") {
      await db().submissionBatch.updateMany({
        where: { id: batch.id, status: "sent" },
        data: {
          status: "failed",
          lastError: `Apportion could not follow import ${batch.serviceImportId}: ${error.message}`,
        },
      });
      return "final";
    }
    return "unreachable";
  }
}

async function checkOnce(batch: DueBatch, connection: Connection | string): Promise<FollowStep> {
  const { connectionId, serviceImportId: importId } = batch;
  const record = await withServiceAccess(connection, (token, target) => getImport(target, token, importId));
  if (!isFinalImportStatus(record.status)) {
    if (record.status !== batch.serviceStatus) {
      await db().submissionBatch.updateMany({
        where: { id: batch.id, status: "sent" },
        data: { serviceStatus: record.status },
      });
    }
    return "pending";
  }
  if (!isSuccessfulImportStatus(record.status)) {
    await db().submissionBatch.updateMany({
      where: { id: batch.id, status: "sent" },
      data: {
        status: "failed",
        serviceStatus: record.status,
        lastError: `The service reported this import as ${record.status}.`,
      },
    });
    return "final";
  }
  const recording = (async () => {
    const notifications = await withServiceAccess(connection, (token, target) =>
      getImportNotifications(target, token, importId),
    ).catch((error: unknown) => {
      log.warn("imports.listing_unavailable", { batchId: batch.id, error });
      return null;
    });
    await recordOutcome(connectionId, batch.id, record, notifications);
  })();
  return { recording };
}

async function recordOutcome(
  connectionId: string,
  batchId: string,
  record: ImportRecord,
  notifications: ImportNotification[] | null,
) {
  const rows = await batchRows(batchId);
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
  const outcomes: RowOutcomeUpdate[] = [];
  // What the service now holds of each split, the last row naming it winning (as it does there).
  const held = new Map<string, StoredRow>();
  for (const row of rows) {
    const drop = drops.get(row.rowIndex);
    if (drop) {
      outcomes.push({
        id: row.id,
        outcome: "dropped",
        code: drop.code ?? null,
        message: dropReason(drop.code, drop.message),
      });
    } else if (confirmed) {
      outcomes.push({ id: row.id, outcome: "imported", code: null, message: null });
      held.set(row.splitId, row);
    }
  }
  await recordBatchOutcome({
    connectionId,
    batchId,
    serviceStatus: record.status,
    lastError: confirmed
      ? null
      : "The service did not list which splits it dropped; those splits are shown as unconfirmed.",
    outcomes,
    kept: [...held.values()].filter((r) => !r.deleted),
    removed: [...held.values()].filter((r) => r.deleted).map((r) => r.splitId),
  });
}
