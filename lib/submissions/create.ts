// Turns a validated submission request into stored rows and batches, before anything is sent.
// The idempotency key makes a double click, a reload or a retry find the same submission.
import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import { uuidv4 } from "@/lib/uuid";
import type { Connection } from "@/lib/generated/prisma/client";
import { campaignNow, keepGiftCampaign } from "@/lib/splits/placement";
import { holdsAlready } from "@/lib/splits/unchanged";
import type { SubmissionRequest } from "@/lib/splits/schema";
import { intoBatches, type TransactionRows } from "@/lib/service/import-batches";
import {
  buildImportRows,
  type ExistingSplit,
  importBody,
  matchByFor,
  transactionRefFor,
} from "@/lib/service/import-rows";
import { type KnownSplitFacts, lookUpForSubmission, type SubmissionLookups } from "./lookups";
import { requireConfirmedNames } from "./new-names";
import { snapshotOf } from "./snapshot";
import { type GiftSnapshot, insertSubmission, type StoredBatch } from "./store";

export async function createSubmission(
  connection: Connection,
  request: SubmissionRequest,
): Promise<{ submissionId: string; created: boolean }> {
  const requestHash = hashOf(request);
  const ids = request.allocations.map((a) => a.transactionId);
  const splitIds = request.allocations.flatMap((a) => [...a.rows.map((r) => r.splitId), ...a.removedSplitIds]);
  // Reads in one statement, writes in one statement: no interactive transaction (see store.ts).
  const found = await lookUpForSubmission(connection.id, request.idempotencyKey, ids, splitIds);
  if (found.existing) return { submissionId: sameRequest(found.existing, requestHash), created: false };

  const { groups, gifts } = buildGroups(request, found);
  // A name the service does not hold becomes a new campaign or fund there: only by the admin's
  // say. After the checks above, so a request wrong in other ways hears about those first.
  await requireConfirmedNames(connection.id, request.allocations, request.confirmedNewNames);
  const batches = intoBatches(groups);
  // Ids made here let the submission, its batches and rows go in one statement (see store.ts).
  const stored: StoredBatch[] = batches.map((batch, index) => {
    const rows = batch.groups.flatMap((g) => g.rows.map((row) => ({ row, transactionId: g.transactionId })));
    return {
      id: uuidv4(),
      index,
      matchBy: batch.matchBy,
      body: importBody(
        batch.matchBy,
        rows.map((r) => r.row),
      ),
      rows,
    };
  });
  const submissionId = uuidv4();
  const inserted = await insertSubmission(
    {
      id: submissionId,
      connectionId: connection.id,
      idempotencyKey: request.idempotencyKey,
      requestHash,
      transactionCount: request.allocations.length,
      rowCount: groups.reduce((n, g) => n + g.rows.length, 0),
      reason: request.reason ?? null,
    },
    stored,
    gifts,
  );
  if (inserted) return { submissionId, created: true };
  // Two identical requests at once: the unique key let one in; this one finds it.
  const winner = await db().submission.findUnique({
    where: { connectionId_idempotencyKey: { connectionId: connection.id, idempotencyKey: request.idempotencyKey } },
    select: { id: true, requestHash: true },
  });
  if (!winner) throw new Error("A submission with this idempotency key was neither stored nor found.");
  return { submissionId: sameRequest(winner, requestHash), created: false };
}

/** The stored submission's id when it was made from the same request; a conflict otherwise. */
function sameRequest(found: { id: string; requestHash: string }, requestHash: string): string {
  if (found.requestHash !== requestHash) {
    throw new AppError(
      "conflict",
      "This submission was already sent with different splits. Reload the page to start a new one.",
    );
  }
  return found.id;
}

// The reason is not hashed: a retry that words it differently is still the same submission.
function hashOf(request: SubmissionRequest): string {
  return createHash("sha256").update(JSON.stringify(request.allocations)).digest("hex");
}

type SplitFacts = KnownSplitFacts;

/** Checks every allocation against the synced transaction and known splits, then builds rows and
 *  the snapshot of each gift as the admin saw it (History's record). */
function buildGroups(
  request: SubmissionRequest,
  found: SubmissionLookups,
): { groups: TransactionRows[]; gifts: GiftSnapshot[] } {
  const ids = request.allocations.map((a) => a.transactionId);
  if (new Set(ids).size !== ids.length) {
    throw new AppError("invalid_input", "A transaction appears twice in this submission.");
  }
  const { inFlight, transactions, splitsOfTransactions, splitsNamed, clashes } = found;
  if (inFlight.length > 0) {
    throw new AppError(
      "conflict",
      `An earlier submission for transaction ${inFlight.join(", ")} is still being processed. Wait for it to finish (see History), then split it again.`,
    );
  }
  const splits = [...splitsOfTransactions, ...splitsNamed];
  const byId = new Map(transactions.map((t) => [t.transactionId, t]));
  const splitsById = new Map(splits.map((s) => [s.splitId, s]));
  const transactionIdentities = new Set(
    clashes.flatMap((t) => [t.transactionId, t.externalId].filter((v): v is string => !!v)),
  );
  const issues: z.core.$ZodIssue[] = [];
  const issue = (path: (string | number)[], message: string) =>
    issues.push({ code: "custom", path, message, input: undefined });
  const now = new Date();
  let unchanged = 0;
  const gifts: GiftSnapshot[] = [];

  const groups = request.allocations.map((allocation, a): TransactionRows => {
    const transaction = byId.get(allocation.transactionId);
    if (!transaction) {
      throw new AppError(
        "not_found",
        `Transaction ${allocation.transactionId} is not in Apportion's copy of the service's gifts: it may have been deleted at the service. Nothing was sent.`,
      );
    }
    const total = Number(transaction.amountCents);
    if (allocation.totalCents !== total || allocation.currency !== transaction.currency) {
      issue(
        ["allocations", a, "totalCents"],
        "This transaction's total has changed at the service. Reload it before splitting.",
      );
    }
    const ref = transactionRefFor(transaction);
    const own = (s: SplitFacts | undefined) => s?.transactionId === transaction.transactionId;
    allocation.rows.forEach((row, r) => {
      const known = splitsById.get(row.splitId);
      if (known ? !own(known) || known.deletedAt : !row.splitId.startsWith(`${ref}:`)) {
        issue(["allocations", a, "rows", r, "splitId"], `Split id ${row.splitId} cannot be used for this transaction.`);
      } else if (transactionIdentities.has(row.splitId)) {
        issue(["allocations", a, "rows", r, "splitId"], `Split id ${row.splitId} is already a transaction's id.`);
      }
    });
    // Every split active now must be kept or removed: otherwise the allocation was prepared
    // before another one changed this gift, and its rows would not add up at the service.
    const accounted = new Set([...allocation.rows.map((r) => r.splitId), ...allocation.removedSplitIds]);
    const unaccounted = splitsOfTransactions.filter(
      (s) => s.transactionId === transaction.transactionId && !s.deletedAt && !accounted.has(s.splitId),
    );
    if (unaccounted.length > 0) {
      issue(
        ["allocations", a, "rows"],
        `This transaction's splits changed since it was prepared (${unaccounted.map((s) => s.splitId).join(", ")}). Reload it before splitting.`,
      );
    }
    const existing = new Map<string, ExistingSplit>();
    allocation.removedSplitIds.forEach((splitId, r) => {
      const known = splitsById.get(splitId);
      if (!known || !own(known) || known.deletedAt) {
        issue(["allocations", a, "removedSplitIds", r], `Split ${splitId} is not an active split of this transaction.`);
        return;
      }
      existing.set(splitId, {
        splitId,
        unitAmountCents: Number(known.unitAmountCents),
        quantity: known.quantity,
        fund: known.fund,
        fundId: known.fundId,
      });
    });
    // A row that names no campaign keeps the gift's own (the rule bulk and the editor share).
    const active = splitsOfTransactions.filter((s) => s.transactionId === transaction.transactionId && !s.deletedAt);
    // A row that updates a split keeps that split's campaign; a new row, the gift's campaign now.
    const home = campaignNow(transaction, active);
    const rows = allocation.rows.map((row, r) => {
      const updated = active.find((split) => split.splitId === row.splitId);
      const kept = keepGiftCampaign(row, updated ? campaignNow(transaction, [updated]) : home);
      if (kept.ok) return kept.row;
      issue(["allocations", a, "rows", r, "campaign"], kept.error);
      return row;
    });
    if (holdsAlready(rows, allocation.removedSplitIds, transaction, active)) unchanged++;
    gifts.push(snapshotOf(transaction, active, rows));
    return {
      transactionId: transaction.transactionId,
      matchBy: matchByFor(transaction),
      rows: buildImportRows(transaction, { rows, removedSplitIds: allocation.removedSplitIds }, existing, now),
    };
  });
  if (issues.length > 0) throw new z.ZodError(issues);
  if (unchanged === groups.length) {
    throw new AppError(
      "invalid_input",
      groups.length === 1
        ? "Nothing to send: the service already holds this allocation."
        : "Nothing to send: the service already holds every one of these allocations.",
    );
  }
  return { groups, gifts };
}
