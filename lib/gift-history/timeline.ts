// A gift's allocation history: every submission that changed it, when, from where (the split
// editor, a bulk file, a rule), why (the reason typed in the review, as History shows it) and
// what it held before and after. "After" is what the submission sent, less the rows the service
// dropped; "before" is the previous change that reached the
// service, or, before the first, the gift whole in its own campaign and fund (Apportion knows no
// earlier splits: the query it syncs from shows none).
import "server-only";
import { db } from "@/lib/db";
import type { SubmissionStatus } from "@/lib/generated/prisma/client";
import type { GiftPlacement, Split } from "@/lib/splits/split";
import { type SubmissionSummary, sourceOf } from "@/lib/submissions/read";
import type { VerificationState } from "@/lib/submissions/submission-state";

/** One split as a change left it: the editor's facts of a split, and no id for the gift whole. */
export type Holding = Omit<Split, "splitId"> & { splitId: string | null };

export type TimelineEntry = {
  submissionId: string;
  at: string;
  /** Null: the split editor. */
  source: SubmissionSummary["source"];
  status: SubmissionStatus;
  /** Read-back's verdict: with `status`, the state shown (lib/submissions/submission-state.ts). */
  verification: VerificationState | null;
  /** Why the admin made the change, as typed in the review; null when none was given. */
  reason: string | null;
  /** Whether the change reached the service (its imports complete). */
  reached: boolean;
  before: Holding[];
  after: Holding[];
};

type Gift = GiftPlacement & { transactionId: string; amountCents: number };

const REACHED: readonly SubmissionStatus[] = ["complete", "complete_with_drops"];

/** Newest first. */
export async function giftTimeline(connectionId: string, gift: Gift): Promise<TimelineEntry[]> {
  const rows = await db().submissionRow.findMany({
    where: { transactionId: gift.transactionId, submission: { connectionId } },
    include: {
      submission: {
        select: {
          id: true,
          createdAt: true,
          status: true,
          verification: true,
          reason: true,
          bulkDrafts: { select: { id: true, label: true, source: true }, take: 1 },
        },
      },
    },
    orderBy: [{ submission: { createdAt: "asc" } }, { rowIndex: "asc" }],
  });
  const entries: TimelineEntry[] = [];
  let held: Holding[] = [
    {
      splitId: null,
      unitAmountCents: gift.amountCents,
      quantity: 1,
      campaign: gift.campaign,
      campaignId: gift.campaignId,
      parentCampaign: null,
      parentCampaignId: null,
      fund: gift.fund ?? "General",
      fundId: gift.fundId,
    },
  ];
  for (const row of rows) {
    let entry = entries.at(-1);
    if (entry?.submissionId !== row.submissionId) {
      const s = row.submission;
      entry = {
        submissionId: s.id,
        at: s.createdAt.toISOString(),
        source: sourceOf(s.bulkDrafts),
        status: s.status,
        verification: s.verification,
        reason: s.reason,
        reached: REACHED.includes(s.status),
        before: held,
        after: [],
      };
      entries.push(entry);
    }
    if (!row.deleted && row.outcome !== "dropped") {
      entry.after.push({
        splitId: row.splitId,
        unitAmountCents: Number(row.unitAmountCents),
        quantity: row.quantity,
        campaign: row.campaign,
        campaignId: row.campaignId,
        parentCampaign: row.parentCampaign,
        parentCampaignId: row.parentCampaignId,
        fund: row.fund,
        fundId: row.fundId,
      });
    }
    // What the gift holds next: this change, once it reached the service.
    if (entry.reached) held = entry.after;
  }
  return entries.reverse();
}
