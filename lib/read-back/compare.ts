// Read-back's judgement for one gift: what a submission sent, split by split, against what the
// service holds now (the transactions query with its splits). Each difference in words an admin
// can act on. A split the service holds but the submission never named is not a difference of
// this submission (a split made in the service's own screens, or by a later submission).
import "server-only";
import type { ServiceSplit } from "@/lib/service/transactions";
import { formatCents } from "@/lib/splits/money";

/** A row as the submission sent it (SubmissionRow). */
export type SentSplit = {
  splitId: string;
  unitAmountCents: number;
  quantity: number;
  campaign: string | null;
  campaignId: string | null;
  fund: string;
  fundId: string | null;
  deleted: boolean;
};

export type DifferenceKind = "missing" | "amount" | "quantity" | "campaign" | "fund" | "not_removed" | "removed";
export type Difference = { splitId: string; kind: DifferenceKind; message: string };

// Exact, spaces at the ends aside: a false "differs" costs a look, a false "verified" costs trust.
const sameName = (a: string | null | undefined, b: string | null | undefined) => (a ?? "").trim() === (b ?? "").trim();

/** A name and an id name the same thing when either id matches (ids are the service's), or,
 *  without ids on both sides, when the names match. */
function sameThing(sentName: string | null, sentId: string | null, heldName?: string | null, heldId?: string | null) {
  if (sentId && heldId) return sentId === heldId;
  return sameName(sentName, heldName);
}

export function compareGift(sent: readonly SentSplit[], held: readonly ServiceSplit[], currency: string): Difference[] {
  const byId = new Map(held.flatMap((split) => (split.id ? [[split.id, split] as const] : [])));
  const differences: Difference[] = [];
  const money = (cents: number) => formatCents(cents, currency);
  for (const row of sent) {
    const split = byId.get(row.splitId);
    const add = (kind: DifferenceKind, message: string) => differences.push({ splitId: row.splitId, kind, message });
    if (row.deleted) {
      if (split && !split.deleted_at)
        add("not_removed", `Split ${row.splitId} was to be removed, but the service still holds it.`);
      continue;
    }
    if (!split) {
      add("missing", `Split ${row.splitId} (${money(row.unitAmountCents * row.quantity)}) is not at the service.`);
      continue;
    }
    if (split.deleted_at) {
      add("removed", `Split ${row.splitId} is removed at the service.`);
      continue;
    }
    if (split.unit_amount_in_cents !== row.unitAmountCents) {
      add(
        "amount",
        `Split ${row.splitId} holds ${money(split.unit_amount_in_cents)} at the service, not ${money(row.unitAmountCents)} as sent.`,
      );
    }
    if (split.quantity !== row.quantity) {
      add(
        "quantity",
        `Split ${row.splitId} has quantity ${split.quantity} at the service, not ${row.quantity} as sent.`,
      );
    }
    // A row sent without a campaign left it to the service (its default): nothing to compare.
    if (
      (row.campaign || row.campaignId) &&
      !sameThing(row.campaign, row.campaignId, split.campaign, split.campaign_id)
    ) {
      add(
        "campaign",
        `Split ${row.splitId} is in campaign “${split.campaign ?? split.campaign_id ?? "none"}” at the service, not “${row.campaign ?? row.campaignId}” as sent.`,
      );
    }
    if (!sameThing(row.fund, row.fundId, split.fund, split.fund_id)) {
      add(
        "fund",
        `Split ${row.splitId} is in fund “${split.fund ?? split.fund_id ?? "none"}” at the service, not “${row.fund}” as sent.`,
      );
    }
  }
  return differences;
}
