// What the history pages show. Every read takes the connection id and filters by it.
import "server-only";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import type { BatchStatus, RowOutcome, Submission, SubmissionStatus } from "@/lib/generated/prisma/client";
import { readStoredJson } from "@/lib/stored-json";
import { type SnapshotHolding, snapshotHoldingsSchema } from "./moves";
import type { VerificationState } from "./submission-state";

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
    rows: {
      splitId: string;
      unitAmountCents: number;
      quantity: number;
      campaign: string | null;
      parentCampaign: string | null;
      fund: string;
      deleted: boolean;
      outcome: RowOutcome;
      dropMessage: string | null;
    }[];
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
  const rowsByTransaction = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = rowsByTransaction.get(row.transactionId);
    if (list) list.push(row);
    else rowsByTransaction.set(row.transactionId, [row]);
  }
  const differencesByTransaction = new Map<string, SubmissionDetail["transactions"][number]["differences"]>();
  for (const d of submission.differences) {
    const list = differencesByTransaction.get(d.transactionId) ?? [];
    list.push({ splitId: d.splitId, kind: d.kind, message: d.message });
    differencesByTransaction.set(d.transactionId, list);
  }
  return {
    ...summaryOf(submission, rows.filter((r) => r.outcome === "dropped").length),
    source: sourceOf(submission.bulkDrafts),
    batches: submission.batches.map((c) => ({
      index: c.index,
      matchBy: c.matchBy,
      status: c.status,
      serviceImportId: c.serviceImportId,
      serviceStatus: c.serviceStatus,
      attempts: c.attempts,
      lastError: c.lastError,
      rowCount: c._count.rows,
    })),
    verification: submission.verification
      ? {
          state: submission.verification,
          note: submission.verificationNote,
          checkedAt: submission.verifiedAt?.toISOString() ?? null,
          calls: submission.verificationCalls,
        }
      : null,
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
        differences: differencesByTransaction.get(transactionId) ?? [],
        rows: (rowsByTransaction.get(transactionId) ?? []).map((r) => ({
          splitId: r.splitId,
          unitAmountCents: Number(r.unitAmountCents),
          quantity: r.quantity,
          campaign: r.campaign,
          parentCampaign: r.parentCampaign,
          fund: r.fund,
          deleted: r.deleted,
          outcome: r.outcome,
          dropMessage: r.dropMessage,
        })),
      };
    }),
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
