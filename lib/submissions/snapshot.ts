// A gift as the admin saw it when sending: donor, amount, date, external id, and its money per
// split before (the active splits the copy knew, or the gift whole) and after (the allocation's
// rows). Stored with the submission (SubmissionGift) so History never depends on the copy, which
// forgets a gift deleted at the service.
import "server-only";
import type { SplitRow } from "@/lib/splits/schema";
import type { KnownSplitFacts, KnownTransactionFacts } from "./lookups";
import { moveOf, type SnapshotHolding } from "./moves";
import type { GiftSnapshot } from "./store";

export function snapshotOf(
  transaction: KnownTransactionFacts,
  activeSplits: readonly KnownSplitFacts[],
  rows: readonly SplitRow[],
): GiftSnapshot {
  const before: SnapshotHolding[] =
    activeSplits.length > 0
      ? activeSplits.map((s) => ({
          amountCents: Number(s.unitAmountCents) * s.quantity,
          campaign: s.campaign ?? s.campaignId,
          parentCampaign: s.parentCampaign ?? s.parentCampaignId,
          fund: s.fund,
        }))
      : [
          {
            amountCents: Number(transaction.amountCents),
            campaign: transaction.campaign ?? transaction.campaignId,
            parentCampaign: null,
            fund: transaction.fund ?? transaction.fundId,
          },
        ];
  const after: SnapshotHolding[] = rows.map((r) => ({
    amountCents: r.amount * r.quantity,
    campaign: r.campaign ?? r.campaignId ?? null,
    parentCampaign: r.parentCampaign ?? r.parentCampaignId ?? null,
    fund: r.fund,
  }));
  return {
    transactionId: transaction.transactionId,
    externalId: transaction.externalId,
    contactName: transaction.contactName,
    amountCents: transaction.amountCents,
    currency: transaction.currency,
    occurredAt: transaction.occurredAt,
    before,
    after,
    movedCents: moveOf(before, after).cents,
  };
}
