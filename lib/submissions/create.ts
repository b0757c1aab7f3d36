// Turns a validated submission request into stored rows and batches, before anything is sent.
// The idempotency key makes a double click, a reload or a retry find the same submission.
import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import { uuidv4 } from "@/lib/uuid";
import type { Connection } from "@/lib/generated/prisma/client";
import type { SubmissionRequest } from "@/lib/splits/schema";
import { intoBatches } from "@/lib/service/import-batches";
import { importBody } from "@/lib/service/import-rows";
import { buildGroups } from "./build-groups";
import { lookUpForSubmission } from "./lookups";
import { requireConfirmedNames } from "./new-names";
import { insertSubmission, type StoreGuard, type StoredBatch } from "./store";

/** The guard (store.ts) said no: nothing was stored. */
export class StoreRefused extends Error {
  constructor() {
    super("The submission was not stored: its guard refused it.");
  }
}

export async function createSubmission(
  connection: Connection,
  request: SubmissionRequest,
  options: { guard?: StoreGuard } = {},
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
    options.guard,
  );
  if (inserted === "stored") return { submissionId, created: true };
  if (inserted === "refused") throw new StoreRefused();
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
