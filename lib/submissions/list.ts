// The history list: newest first, filtered by status (read-back included: Differs and Could not
// verify are filters of their own) and by where a submission came from, each named by what it
// moved, from the snapshot stored with it (SubmissionGift), or, for a submission made before
// snapshots were stored, from the copy while the gift is still in it.
import "server-only";
import { db } from "@/lib/db";
import { sql } from "@/lib/db-sql";
import { readStoredJson } from "@/lib/stored-json";
import { type HistoryFilters, historyPageIds, inPageOrder } from "./history-query";
import { changesOf, type SubmissionChanges, originsOf } from "./history-moves";
import { describeMove, describeMoves, moveOf, snapshotHoldingsSchema } from "./moves";
import type { SubmissionOrigin } from "./origin";
import { type SubmissionSummary, sourceOf, summaryOf } from "./read";

export {
  HISTORY_SOURCES,
  HISTORY_STATUSES,
  type HistoryFilters,
  type HistoryStatus,
  historyFiltersSchema,
} from "./history-query";

export type HistoryEntry = SubmissionSummary & {
  /** The gift of a one-gift submission; null for a submission of several gifts, and for an old
   *  one (no snapshot) whose gift has left the copy. */
  gift: { transactionId: string; contactName: string | null; amountCents: number; currency: string } | null;
  /** What moved, in words: one gift's move ("$62.50 Food Purchasing → Operations"), or for
   *  several gifts their count and the money moved ("30 gifts · $4,445.27 moved"); null when no
   *  snapshot was stored (a submission older than snapshots). */
  moved: string | null;
  /** For several gifts: the net change per fund (per campaign when no fund's money changed),
   *  largest first; null for one gift, or without snapshots. */
  changes: SubmissionChanges | null;
  /** Where it came from: the editor, a file or rule, a template (approved or sent automatically). */
  origin: SubmissionOrigin;
  /** For a submission that differs at the service: the first difference, in words. */
  difference: string | null;
};

export async function listSubmissions(
  connectionId: string,
  take = 50,
  filters: HistoryFilters = {},
): Promise<HistoryEntry[]> {
  const pageIds = await historyPageIds(connectionId, filters, take);
  const submissions = inPageOrder(
    pageIds,
    await db().submission.findMany({
      where: { id: { in: pageIds } },
      include: {
        _count: { select: { rows: { where: { outcome: "dropped" } } } },
        bulkDrafts: { select: { id: true, label: true, source: true }, take: 1 },
      },
    }),
  );
  const single = submissions.filter((s) => s.transactionCount === 1).map((s) => s.id);
  const several = submissions.filter((s) => s.transactionCount > 1).map((s) => s.id);
  const differing = submissions.filter((s) => s.verification === "differs").map((s) => s.id);
  const [snapshots, totals, copied, differences, changes, origins] = await Promise.all([
    db().submissionGift.findMany({ where: { submissionId: { in: single } } }),
    db().submissionGift.groupBy({
      by: ["submissionId", "currency"],
      where: { submissionId: { in: several } },
      _sum: { movedCents: true },
      _count: { _all: true },
    }),
    giftsInCopy(connectionId, single),
    db().submissionDifference.findMany({
      where: { submissionId: { in: differing } },
      distinct: ["submissionId"],
      orderBy: [{ submissionId: "asc" }, { transactionId: "asc" }, { splitId: "asc" }],
      select: { submissionId: true, message: true },
    }),
    changesOf(several),
    originsOf(connectionId, submissions),
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
      // In the currency most money moved in (sums across currencies mean nothing).
      const main = changes.get(s.id)?.currency ?? sums[0]?.currency;
      moved = describeMoves(
        sums
          .filter((t) => t.currency === main)
          .map((t) => ({
            currency: t.currency,
            move: { cents: Number(t._sum.movedCents ?? 0), by: null, from: [], to: [] },
          })),
        s.transactionCount,
      );
    }
    return {
      ...summaryOf(s, s._count.rows),
      source: sourceOf(s.bulkDrafts),
      origin: origins.get(s.id) ?? { kind: "editor" },
      changes: changes.get(s.id) ?? null,
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
