// What the history pages show. Every read takes the connection id and filters by it.
import "server-only";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import type {
  BatchStatus,
  RowOutcome,
  Submission,
  SubmissionBatch,
  SubmissionRow,
  SubmissionStatus,
} from "@/lib/generated/prisma/client";
import type { Split } from "@/lib/splits/split";
import { readStoredJson } from "@/lib/stored-json";
import { type SnapshotHolding, snapshotHoldingsSchema } from "./moves";
import { failureOf } from "./failure";
import type { FailureCause, VerificationState } from "./submission-state";

export type SubmissionSummary = {
  id: string;
  status: SubmissionStatus;
  /** Read-back's verdict (null until the imports are complete): with `status`, the state shown. */
  verificationState: VerificationState | null;
  /** Why, as the admin typed it in the review; null when none was given. */
  reason: string | null;
  transactionCount: number;
  rowCount: number;
  droppedCount: number;
  createdAt: string;
  /** The bulk allocation it was sent from (a file's name or a rule's); null for the split editor. */
  source: { draftId: string; label: string; kind: "csv" | "rule" } | null;
};

/** Read-back's verdict (lib/read-back): null until the imports are complete. */
export type VerificationView = {
  state: "pending" | "verified" | "differs" | "could_not_verify";
  note: string | null;
  checkedAt: string | null;
  /** Query calls the read-back made. */
  calls: number;
} | null;

export type SubmissionDetail = SubmissionSummary & {
  verification: VerificationView;
  /** Why it is Failed, when a batch failed (lib/submissions/failure.ts). */
  failure: FailureCause | null;
  batches: {
    index: number;
    matchBy: string;
    status: BatchStatus;
    serviceImportId: string | null;
    serviceStatus: string | null;
    attempts: number;
    lastError: string | null;
    rowCount: number;
  }[];
  transactions: {
    transactionId: string;
    contactName: string | null;
    amountCents: number | null;
    currency: string;
    /** From the snapshot stored when it was sent; null for a submission older than snapshots. */
    externalId: string | null;
    occurredAt: string | null;
    before: SnapshotHolding[] | null;
    after: SnapshotHolding[] | null;
    /** What read-back found different at the service, in words. */
    differences: { splitId: string | null; kind: string; message: string }[];
    rows: (Pick<Split, "splitId" | "unitAmountCents" | "quantity" | "campaign" | "parentCampaign" | "fund"> & {
      deleted: boolean;
      outcome: RowOutcome;
      dropMessage: string | null;
    })[];
  }[];
};

/** A submission id from an address; anything but a UUID is simply not found. */
export function submissionIdFrom(value: unknown): string {
  if (typeof value !== "string" || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
    throw new AppError("not_found", "No such submission.");
  }
  return value;
}

export async function getSubmission(connectionId: string, id: string): Promise<SubmissionDetail | null> {
  const submission = await db().submission.findFirst({
    where: { id, connectionId },
    include: {
      bulkDrafts: { select: { id: true, label: true, source: true }, take: 1 },
      batches: { orderBy: { index: "asc" }, include: { _count: { select: { rows: true } } } },
      rows: { orderBy: [{ batchId: "asc" }, { rowIndex: "asc" }] },
      differences: { orderBy: [{ transactionId: "asc" }, { splitId: "asc" }] },
      gifts: true,
    },
  });
  if (!submission) return null;
  const transactionIds = [...new Set(submission.rows.map((r) => r.transactionId))];
  // The snapshot is History's record; the copy only names gifts of submissions older than it.
  const snapshots = new Map(submission.gifts.map((g) => [g.transactionId, g]));
  const known = await db().knownTransaction.findMany({
    where: { connectionId, transactionId: { in: transactionIds.filter((id) => !snapshots.has(id)) } },
  });
  const byId = new Map(known.map((t) => [t.transactionId, t]));
  const holdings = (json: unknown, field: string) =>
    readStoredJson(snapshotHoldingsSchema, json, `SubmissionGift.${field}`);
  const batchOrder = new Map(submission.batches.map((c) => [c.id, c.index]));
  const rows = [...submission.rows].sort(
    (a, b) => (batchOrder.get(a.batchId) ?? 0) - (batchOrder.get(b.batchId) ?? 0) || a.rowIndex - b.rowIndex,
  );
  // Grouped once: a bulk submission holds thousands of transactions and up to 100,000 rows.
  const rowsByTransaction = groupBy(rows, (r) => r.transactionId);
  const differencesByTransaction = groupBy(submission.differences, (d) => d.transactionId);
  return {
    ...summaryOf(submission, rows.filter((r) => r.outcome === "dropped").length),
    source: sourceOf(submission.bulkDrafts),
    batches: submission.batches.map(batchOf),
    failure: failureOf(submission.batches.filter((c) => c.status === "failed")),
    verification: verificationOf(submission),
    transactions: transactionIds.map((transactionId) => {
      const snapshot = snapshots.get(transactionId);
      const t = snapshot ?? byId.get(transactionId);
      return {
        transactionId,
        contactName: t?.contactName ?? null,
        amountCents: t ? Number(t.amountCents) : null,
        currency: t?.currency ?? "USD",
        externalId: t?.externalId ?? null,
        occurredAt: t?.occurredAt.toISOString() ?? null,
        before: snapshot ? holdings(snapshot.before, "before") : null,
        after: snapshot ? holdings(snapshot.after, "after") : null,
        differences: (differencesByTransaction.get(transactionId) ?? []).map((d) => ({
          splitId: d.splitId,
          kind: d.kind,
          message: d.message,
        })),
        rows: (rowsByTransaction.get(transactionId) ?? []).map(rowOf),
      };
    }),
  };
}

/** Items by a key, each list in the items' order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function batchOf(c: SubmissionBatch & { _count: { rows: number } }): SubmissionDetail["batches"][number] {
  return {
    index: c.index,
    matchBy: c.matchBy,
    status: c.status,
    serviceImportId: c.serviceImportId,
    serviceStatus: c.serviceStatus,
    attempts: c.attempts,
    lastError: c.lastError,
    rowCount: c._count.rows,
  };
}

function verificationOf(
  s: Pick<Submission, "verification" | "verificationNote" | "verifiedAt" | "verificationCalls">,
): SubmissionDetail["verification"] {
  return s.verification
    ? {
        state: s.verification,
        note: s.verificationNote,
        checkedAt: s.verifiedAt?.toISOString() ?? null,
        calls: s.verificationCalls,
      }
    : null;
}

function rowOf(r: SubmissionRow): SubmissionDetail["transactions"][number]["rows"][number] {
  return {
    splitId: r.splitId,
    unitAmountCents: Number(r.unitAmountCents),
    quantity: r.quantity,
    campaign: r.campaign,
    parentCampaign: r.parentCampaign,
    fund: r.fund,
    deleted: r.deleted,
    outcome: r.outcome,
    dropMessage: r.dropMessage,
  };
}

/** What every view of a submission starts from. */
export function summaryOf(
  s: Pick<Submission, "id" | "status" | "verification" | "reason" | "transactionCount" | "rowCount" | "createdAt">,
  droppedCount: number,
): Omit<SubmissionSummary, "source"> {
  return {
    id: s.id,
    status: s.status,
    verificationState: s.verification,
    reason: s.reason,
    transactionCount: s.transactionCount,
    rowCount: s.rowCount,
    droppedCount,
    createdAt: s.createdAt.toISOString(),
  };
}

export function sourceOf(drafts: { id: string; label: string; source: "csv" | "rule" }[]): SubmissionSummary["source"] {
  const draft = drafts[0];
  return draft ? { draftId: draft.id, label: draft.label, kind: draft.source } : null;
}
