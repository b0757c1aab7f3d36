// "Send automatically": the worker sends the inbox items a template with that setting proposed,
// through the normal pipeline (lib/submissions/create.ts: one submission, stored batches, the
// outbox, read-back), without anyone's request. Before sending, the service is asked whether each
// gift was split there since it arrived: such a gift is left alone. The items of one round are
// claimed with the submission's idempotency key first, so a worker stopped midway is taken over
// with the same key and nothing is sent twice. The admin's latest word is read at the claim and
// again where the submission is stored (auto-send-stop.ts): a deleted template, one no longer
// sending by itself, or a paused organization sends nothing more.
import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { storedAllocation } from "@/lib/bulk/stored";
import { db } from "@/lib/db";
import { claimedNow, staleBefore } from "@/lib/claims";
import { sql } from "@/lib/db-sql";
import { log } from "@/lib/log";
import { readStoredJson } from "@/lib/stored-json";
import { createSubmission, StoreRefused } from "@/lib/submissions/create";
import { describeNewName } from "@/lib/submissions/new-names";
import { newNamesNote } from "./match";
import { holdBack, sendingGuard, sweepStopped } from "./auto-send-stop";
import { knownIds, unknownIdMessage, unknownIds } from "./line-ids";
import { splitAtService, SplitsNotShown } from "./service-splits";

/** Items of one organization sent in one submission at most. */
const ITEMS_PER_ROUND = 1_000;

type Claimed = {
  id: string;
  connectionId: string;
  transactionId: string;
  templateId: string | null;
  allocation: unknown;
  sendKey: string;
};

/** One round: one organization's automatic items sent. True when it did anything. `held` holds
 *  the round's key while it runs, so a worker stopping past its deadline can hand it over
 *  (releaseAutomaticClaims). */
export async function sendAutomaticOnce(workerId: string, held?: Set<string>): Promise<boolean> {
  const items = (await takeOverStale()) ?? (await claimNext());
  if (items.length === 0) return (await sweepStopped()) > 0;
  const first = items[0];
  if (!first) return false;
  const { connectionId, sendKey } = first;
  held?.add(sendKey);
  try {
    return await sendClaimed(workerId, items, connectionId, sendKey);
  } finally {
    held?.delete(sendKey);
  }
}

/**
 * Rounds a stopping worker still holds, handed over at once rather than once stale:
 * made stale, so the next worker takes them over with the same key (takeOverStale) and a
 * submission already stored under it is found, never made twice. Not put back to "automatic":
 * a new claim would take a new key.
 */
export async function releaseAutomaticClaims(keys: ReadonlySet<string>): Promise<number> {
  if (keys.size === 0) return 0;
  const { count } = await db().inboxItem.updateMany({
    where: { status: "sending", sendKey: { in: [...keys] } },
    data: { decidedAt: new Date(0) },
  });
  return count;
}

async function sendClaimed(
  workerId: string,
  items: Claimed[],
  connectionId: string,
  sendKey: string,
): Promise<boolean> {
  const existing = await db().submission.findUnique({
    where: { connectionId_idempotencyKey: { connectionId, idempotencyKey: sendKey } },
    select: { id: true },
  });
  if (existing) {
    await markSent(items, existing.id);
    return true;
  }
  let split: Set<string>;
  try {
    const found = await splitAtService(
      connectionId,
      items.map((i) => i.transactionId),
    );
    split = new Set([...found.split, ...found.missing]);
  } catch (error) {
    if (error instanceof SplitsNotShown) {
      await backToAdmin(items, `${error.message} Approve it yourself if it is right.`);
      return true;
    }
    // The service could not be asked now: the items wait for a later round.
    log.warn("templates.auto_check_failed", { workerId, connectionId, error });
    await db().inboxItem.updateMany({
      where: { id: { in: items.map((i) => i.id) }, status: "sending" },
      data: { status: "automatic", sendKey: null, decidedAt: null },
    });
    return true;
  }
  const leftAlone = items.filter((i) => split.has(i.transactionId));
  if (leftAlone.length > 0) {
    await db().inboxItem.updateMany({
      where: { id: { in: leftAlone.map((i) => i.id) }, status: "sending" },
      data: {
        status: "left_alone",
        decidedAt: new Date(),
        note: "Split at the service since it arrived: left as it is.",
      },
    });
  }
  const toSend = items.filter((i) => !split.has(i.transactionId));
  if (toSend.length > 0) await sendRound(workerId, connectionId, sendKey, toSend);
  return true;
}

/** The round's gifts still to send, in one submission stored under the round's key and guard. */
async function sendRound(workerId: string, connectionId: string, sendKey: string, items: Claimed[]): Promise<void> {
  const connection = await db().connection.findUnique({ where: { id: connectionId } });
  if (!connection) return;
  // Ids the organization's copy does not know are never sent by themselves (line-ids.ts).
  const known = await knownIds(connectionId);
  const toSend: Claimed[] = [];
  const allocations = [];
  for (const item of items) {
    const allocation = readStoredJson(storedAllocation, item.allocation, "InboxItem.allocation");
    const [unknown] = unknownIds(allocation.rows, known);
    if (unknown) await backToAdmin([item], `Not sent automatically: ${unknownIdMessage(unknown)}`);
    else {
      toSend.push(item);
      allocations.push(allocation);
    }
  }
  if (toSend.length === 0) return;
  try {
    const { submissionId } = await createSubmission(
      connection,
      {
        idempotencyKey: sendKey,
        allocations,
        // Never a name the service does not hold: the submissions' one rule (lib/submissions/
        // new-names.ts) refuses it unconfirmed, and the items go back to the admin below.
        confirmedNewNames: [],
      },
      // The admin's latest word, read where the submission is stored (auto-send-stop.ts).
      {
        guard: sendingGuard(
          connectionId,
          toSend.map((i) => i.templateId),
        ),
      },
    );
    await markSent(toSend, submissionId);
    log.info("templates.sent_automatically", { workerId, connectionId, submissionId, gifts: toSend.length });
  } catch (error) {
    if (error instanceof StoreRefused) {
      log.info("templates.auto_send_stopped", { workerId, connectionId, gifts: toSend.length });
      await holdBack(toSend.map((i) => i.id));
      return;
    }
    // A refusal the admin can act on (the gift changed, is in flight…): the items go back to the
    // inbox with the reason, and nothing was sent.
    if (error instanceof AppError || error instanceof z.ZodError) {
      const message = error instanceof z.ZodError ? (error.issues[0]?.message ?? "") : error.message;
      // A name the service lacks (the submissions' one rule refused it): the item says so as a
      // proposal naming one does, so approving it asks the admin to confirm the name.
      const fresh = error instanceof AppError ? newNamesOf(error) : [];
      await backToAdmin(
        toSend,
        fresh.length > 0 ? `Not sent automatically. ${newNamesNote(fresh)}` : `Not sent automatically: ${message}`,
      );
      return;
    }
    throw error;
  }
}

async function claimNext(): Promise<Claimed[]> {
  // The organization whose automatic item waits longest goes first: fair between organizations.
  // Only items whose template still exists and sends by itself, of an organization not paused:
  // read in this statement, the claim; the store re-reads them (auto-send-stop.ts).
  return sql<Claimed>`
    UPDATE "InboxItem" AS i
       SET status = 'sending', "sendKey" = ${randomUUID()}::uuid, "decidedAt" = ${claimedNow("autoSend")}
     WHERE i.id IN (
       SELECT c.id FROM "InboxItem" AS c
         JOIN "AllocationTemplate" AS t ON t.id = c."templateId" AND t."autoSend"
        WHERE c.status = 'automatic'
          AND c."connectionId" = (
            SELECT o."connectionId" FROM "InboxItem" AS o
              JOIN "Connection" AS k ON k.id = o."connectionId"
              JOIN "AllocationTemplate" AS ot ON ot.id = o."templateId" AND ot."autoSend"
             WHERE o.status = 'automatic' AND k.status = 'active' AND k."autoSendPausedAt" IS NULL
             ORDER BY o."createdAt" LIMIT 1)
        ORDER BY c."createdAt", c.id
        LIMIT ${ITEMS_PER_ROUND}
        FOR UPDATE OF c SKIP LOCKED)
    RETURNING i.id, i."connectionId", i."transactionId", i."templateId", i.allocation, i."sendKey"::text AS "sendKey"`;
}

/** The items of a stale claim (its worker stopped), taken over with the same key; null when none. */
async function takeOverStale(): Promise<Claimed[] | null> {
  const [stale] = await sql<{ sendKey: string }>`
    SELECT "sendKey"::text AS "sendKey" FROM "InboxItem"
     WHERE status = 'sending' AND "decidedAt" < ${staleBefore("autoSend")}
     LIMIT 1`;
  if (!stale) return null;
  const items = await sql<Claimed>`
    UPDATE "InboxItem" SET "decidedAt" = ${claimedNow("autoSend")}
     WHERE status = 'sending' AND "sendKey" = ${stale.sendKey}::uuid
       AND "decidedAt" < ${staleBefore("autoSend")}
    RETURNING id, "connectionId", "transactionId", "templateId", allocation, "sendKey"::text AS "sendKey"`;
  return items.length > 0 ? items : null;
}

async function markSent(items: Claimed[], submissionId: string): Promise<void> {
  await db().inboxItem.updateMany({
    where: { id: { in: items.map((i) => i.id) }, status: "sending" },
    data: { status: "sent", submissionId, sentAutomatically: true, decidedAt: new Date(), note: null },
  });
}

async function backToAdmin(items: Claimed[], note: string): Promise<void> {
  await db().inboxItem.updateMany({
    where: { id: { in: items.map((i) => i.id) }, status: "sending" },
    data: { status: "waiting", sendKey: null, decidedAt: null, note: note.slice(0, 500) },
  });
}

/** The names a new-names refusal lists (lib/submissions/new-names.ts), as its message names them. */
function newNamesOf(error: AppError): string[] {
  const names = error.details?.newNames;
  return Array.isArray(names)
    ? names.flatMap((n: { kind?: unknown; name?: unknown }) =>
        (n.kind === "campaign" || n.kind === "parent" || n.kind === "fund") && typeof n.name === "string"
          ? [describeNewName({ kind: n.kind, name: n.name })]
          : [],
      )
    : [];
}
