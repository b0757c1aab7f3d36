// What the history pages show. Every read takes the connection id and filters by it.
import "server-only";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import type { BatchStatus, RowOutcome, SubmissionStatus } from "@/lib/generated/prisma/client";

export type SubmissionSummary = {
  id: string;
  status: SubmissionStatus;
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
    },
  });
  if (!submission) return null;
  const transactionIds = [...new Set(submission.rows.map((r) => r.transactionId))];
  const known = await db().knownTransaction.findMany({
    where: { connectionId, transactionId: { in: transactionIds } },
  });
  const byId = new Map(known.map((t) => [t.transactionId, t]));
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
    id: submission.id,
    status: submission.status,
    transactionCount: submission.transactionCount,
    rowCount: submission.rowCount,
    droppedCount: rows.filter((r) => r.outcome === "dropped").length,
    createdAt: submission.createdAt.toISOString(),
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
      const t = byId.get(transactionId);
      return {
        transactionId,
        contactName: t?.contactName ?? null,
        amountCents: t ? Number(t.amountCents) : null,
        currency: t?.currency ?? "USD",
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

export function sourceOf(drafts: { id: string; label: string; source: "csv" | "rule" }[]): SubmissionSummary["source"] {
  const draft = drafts[0];
  return draft ? { draftId: draft.id, label: draft.label, kind: draft.source } : null;
}
