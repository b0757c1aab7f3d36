// The history list: newest first, filtered by status (read-back included: Differs and Could not
// verify are filters of their own) and by where a submission came from, each named by what it
// moved, from the snapshot stored with it (SubmissionGift), or, for a submission made before
// snapshots were stored, from the copy while the gift is still in it.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { sql } from "@/lib/db-sql";
import type { Prisma } from "@/lib/generated/prisma/client";
import { readStoredJson } from "@/lib/stored-json";
import { describeMove, describeMoves, moveOf, snapshotHoldingsSchema } from "./moves";
import { type SubmissionSummary, sourceOf, summaryOf } from "./read";

export const HISTORY_STATUSES = [
  "in_progress",
  "checking",
  "verified",
  "differs",
  "could_not_verify",
  "failed",
] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];
export const HISTORY_SOURCES = ["editor", "csv", "rule"] as const;

/** The list's filters, from the page's address; anything unknown is no filter. */
export const historyFiltersSchema = z.object({
  status: z.enum(HISTORY_STATUSES).optional().catch(undefined),
  source: z.enum(HISTORY_SOURCES).optional().catch(undefined),
});
export type HistoryFilters = z.infer<typeof historyFiltersSchema>;

export type HistoryEntry = SubmissionSummary & {
  /** The one gift an editor submission moved; null for bulk submissions, and for an old one
   *  (no snapshot) whose gift has left the copy. */
  gift: { transactionId: string; contactName: string | null; amountCents: number; currency: string } | null;
  /** What moved, in words ("$62.50 Food Purchasing → Operations", "3 gifts, $1,250.00 moved");
   *  null when no snapshot was stored (a submission older than snapshots). */
  moved: string | null;
  /** For a submission that differs at the service: the first difference, in words. */
  difference: string | null;
};

const DONE: Prisma.SubmissionWhereInput = { status: { in: ["complete", "complete_with_drops"] } };

/** Each filter is one of the states of lib/submissions/submission-state.ts; "in progress" is
 *  Sending, or Waiting for reconnect while the connection is not active. */
export const STATUS_WHERE: Record<HistoryStatus, Prisma.SubmissionWhereInput> = {
  in_progress: { status: { in: ["sending", "processing"] } },
  checking: { ...DONE, OR: [{ verification: null }, { verification: "pending" }] },
  verified: { ...DONE, verification: "verified" },
  differs: { ...DONE, verification: "differs" },
  could_not_verify: { ...DONE, verification: "could_not_verify" },
  failed: { status: "needs_attention" },
};

const SOURCE_WHERE: Record<(typeof HISTORY_SOURCES)[number], Prisma.SubmissionWhereInput> = {
  editor: { bulkDrafts: { none: {} } },
  csv: { bulkDrafts: { some: { source: "csv" } } },
  rule: { bulkDrafts: { some: { source: "rule" } } },
};

export function historyWhere(connectionId: string, filters: HistoryFilters): Prisma.SubmissionWhereInput {
  return {
    connectionId,
    AND: [filters.status ? STATUS_WHERE[filters.status] : {}, filters.source ? SOURCE_WHERE[filters.source] : {}],
  };
}

export async function listSubmissions(
  connectionId: string,
  take = 50,
  filters: HistoryFilters = {},
): Promise<HistoryEntry[]> {
  const submissions = await db().submission.findMany({
    where: historyWhere(connectionId, filters),
    orderBy: { createdAt: "desc" },
    take,
    include: {
      _count: { select: { rows: { where: { outcome: "dropped" } } } },
      bulkDrafts: { select: { id: true, label: true, source: true }, take: 1 },
    },
  });
  const ids = submissions.map((s) => s.id);
  const editorIds = submissions.filter((s) => s.bulkDrafts.length === 0).map((s) => s.id);
  const differing = submissions.filter((s) => s.verification === "differs").map((s) => s.id);
  const [snapshots, totals, copied, differences] = await Promise.all([
    db().submissionGift.findMany({ where: { submissionId: { in: editorIds } } }),
    db().submissionGift.groupBy({
      by: ["submissionId", "currency"],
      where: { submissionId: { in: ids } },
      _sum: { movedCents: true },
      _count: { _all: true },
    }),
    giftsInCopy(connectionId, editorIds),
    db().submissionDifference.findMany({
      where: { submissionId: { in: differing } },
      distinct: ["submissionId"],
      orderBy: [{ submissionId: "asc" }, { transactionId: "asc" }, { splitId: "asc" }],
      select: { submissionId: true, message: true },
    }),
  ]);
  const differenceOf = new Map(differences.map((d) => [d.submissionId, d.message]));
  const snapshotOf = new Map(snapshots.map((g) => [g.submissionId, g]));
  return submissions.map((s) => {
    const snapshot = snapshotOf.get(s.id);
    const sums = totals.filter((t) => t.submissionId === s.id);
    let moved: string | null = null;
    if (snapshot) {
      const read = (json: unknown, field: string) =>
        readStoredJson(snapshotHoldingsSchema, json, `SubmissionGift.${field}`);
      moved = describeMove(moveOf(read(snapshot.before, "before"), read(snapshot.after, "after")), snapshot.currency);
    } else if (sums.length > 0) {
      moved = describeMoves(
        sums.map((t) => ({
          currency: t.currency,
          move: { cents: Number(t._sum.movedCents ?? 0), by: null, from: [], to: [] },
        })),
        s.transactionCount,
      );
    }
    return {
      ...summaryOf(s, s._count.rows),
      source: sourceOf(s.bulkDrafts),
      gift: snapshot
        ? {
            transactionId: snapshot.transactionId,
            contactName: snapshot.contactName,
            amountCents: Number(snapshot.amountCents),
            currency: snapshot.currency,
          }
        : (copied.get(s.id) ?? null),
      moved,
      difference: differenceOf.get(s.id) ?? null,
    };
  });
}

/** For submissions older than snapshots: the gift each editor submission moved, as the copy
 *  holds it now (gone once the gift leaves the copy). One statement for the page. */
async function giftsInCopy(connectionId: string, submissionIds: string[]): Promise<Map<string, HistoryEntry["gift"]>> {
  if (submissionIds.length === 0) return new Map();
  // amountCents is int8: pg gives it as text.
  const rows = await sql<{
    submissionId: string;
    transactionId: string;
    contactName: string | null;
    amountCents: string;
    currency: string;
  }>`
    SELECT DISTINCT ON (r."submissionId") r."submissionId", r."transactionId", t."contactName", t."amountCents", t.currency
      FROM "SubmissionRow" AS r
      JOIN "KnownTransaction" AS t ON t."connectionId" = ${connectionId}::uuid AND t."transactionId" = r."transactionId"
     WHERE r."submissionId" = ANY(${submissionIds}::uuid[])
       AND NOT EXISTS (SELECT 1 FROM "SubmissionGift" AS g WHERE g."submissionId" = r."submissionId")
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
