// The history list: newest first, filtered by status and by where a submission came from, each
// named by what it moved (the gift, with its donor and amount, or the file or rule).
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { type SubmissionSummary, sourceOf } from "./read";

export const HISTORY_STATUSES = ["in_progress", "needs_attention", "complete", "complete_with_drops"] as const;
export const HISTORY_SOURCES = ["editor", "csv", "rule"] as const;

/** The list's filters, from the page's address; anything unknown is no filter. */
export const historyFiltersSchema = z.object({
  status: z.enum(HISTORY_STATUSES).optional().catch(undefined),
  source: z.enum(HISTORY_SOURCES).optional().catch(undefined),
});
export type HistoryFilters = z.infer<typeof historyFiltersSchema>;

export type HistoryEntry = SubmissionSummary & {
  /** The one gift an editor submission moved; null for bulk submissions. */
  gift: { transactionId: string; contactName: string | null; amountCents: number; currency: string } | null;
};

const STATUS_WHERE: Record<(typeof HISTORY_STATUSES)[number], Prisma.SubmissionWhereInput> = {
  in_progress: { status: { in: ["sending", "processing"] } },
  needs_attention: { status: "needs_attention" },
  complete: { status: "complete" },
  complete_with_drops: { status: "complete_with_drops" },
};

const SOURCE_WHERE: Record<(typeof HISTORY_SOURCES)[number], Prisma.SubmissionWhereInput> = {
  editor: { bulkDrafts: { none: {} } },
  csv: { bulkDrafts: { some: { source: "csv" } } },
  rule: { bulkDrafts: { some: { source: "rule" } } },
};

export async function listSubmissions(
  connectionId: string,
  take = 50,
  filters: HistoryFilters = {},
): Promise<HistoryEntry[]> {
  const submissions = await db().submission.findMany({
    where: {
      connectionId,
      ...(filters.status ? STATUS_WHERE[filters.status] : {}),
      ...(filters.source ? SOURCE_WHERE[filters.source] : {}),
    },
    orderBy: { createdAt: "desc" },
    take,
    include: {
      _count: { select: { rows: { where: { outcome: "dropped" } } } },
      bulkDrafts: { select: { id: true, label: true, source: true }, take: 1 },
    },
  });
  const gifts = await giftsOf(
    connectionId,
    submissions.filter((s) => s.bulkDrafts.length === 0).map((s) => s.id),
  );
  return submissions.map((s) => ({
    id: s.id,
    status: s.status,
    transactionCount: s.transactionCount,
    rowCount: s.rowCount,
    droppedCount: s._count.rows,
    createdAt: s.createdAt.toISOString(),
    source: sourceOf(s.bulkDrafts),
    gift: gifts.get(s.id) ?? null,
  }));
}

/** The gift each editor submission moved, with its donor and amount: one statement for the page. */
async function giftsOf(connectionId: string, submissionIds: string[]): Promise<Map<string, HistoryEntry["gift"]>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await db().$queryRaw<
    { submissionId: string; transactionId: string; contactName: string | null; amountCents: bigint; currency: string }[]
  >`
    SELECT DISTINCT ON (r."submissionId") r."submissionId", r."transactionId", t."contactName", t."amountCents", t.currency
      FROM "SubmissionRow" AS r
      JOIN "KnownTransaction" AS t ON t."connectionId" = ${connectionId}::uuid AND t."transactionId" = r."transactionId"
     WHERE r."submissionId" = ANY(${submissionIds}::uuid[])
     ORDER BY r."submissionId", r."rowIndex"`;
  return new Map(
    rows.map((r) => [
      r.submissionId,
      {
        transactionId: r.transactionId,
        contactName: r.contactName,
        amountCents: Number(r.amountCents),
        currency: r.currency,
      },
    ]),
  );
}
