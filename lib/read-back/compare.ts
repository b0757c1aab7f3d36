// Read-back's judgement for one gift: what a submission sent, split by split, against what the
// service holds now (the transactions query with its splits). Each difference in words an admin
// can act on. A split the service holds but the submission never named is not a difference of
// this submission (a split made in the service's own screens, or by a later submission).
import "server-only";
import { type ServiceSplit, shownSplitOf } from "@/lib/service/transactions";
import { formatCents } from "@/lib/splits/money";
import type { Split } from "@/lib/splits/split";

/** A row as the submission sent it (SubmissionRow). */
/** A row as sent, as far as read-back compares it: the one split (lib/splits/split.ts) without
 *  the parent campaign, which it does not compare, and whether the row removed the split. */
export type SentSplit = Omit<Split, "parentCampaign" | "parentCampaignId"> & { deleted: boolean };

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
  // In the app's names from here on (lib/service maps the service's once).
  const byId = new Map(
    held.map(shownSplitOf).flatMap((split) => (split.splitId ? [[split.splitId, split] as const] : [])),
  );
  const differences: Difference[] = [];
  const money = (cents: number) => formatCents(cents, currency);
  for (const row of sent) {
    const split = byId.get(row.splitId);
    const add = (kind: DifferenceKind, message: string) => differences.push({ splitId: row.splitId, kind, message });
    // In the admin's words: a line is known by its money and its fund, never by its split id.
    const line = `the ${money(row.unitAmountCents * row.quantity)} line in ${row.fund}`;
    if (row.deleted) {
      if (split && !split.deletedAt) add("not_removed", `The service still holds ${line}, which was to be removed.`);
      continue;
    }
    if (!split) {
      add("missing", `The service does not hold ${line}: it shows ${money(0)} here.`);
      continue;
    }
    if (split.deletedAt) {
      add("removed", `The service shows ${line} as removed.`);
      continue;
    }
    if (split.unitAmountCents !== row.unitAmountCents) {
      add(
        "amount",
        `The line in ${row.fund} holds ${money(split.unitAmountCents)} at the service, not ${money(row.unitAmountCents)} as sent.`,
      );
    }
    if (split.quantity !== row.quantity) {
      add(
        "quantity",
        `The line in ${row.fund} has quantity ${split.quantity} at the service, not ${row.quantity} as sent.`,
      );
    }
    // A row sent without a campaign left it to the service (its default): nothing to compare.
    if (
      (row.campaign || row.campaignId) &&
      !sameThing(row.campaign, row.campaignId, split.campaign, split.campaignId)
    ) {
      add(
        "campaign",
        `The line in ${row.fund} is in campaign “${split.campaign ?? split.campaignId ?? "none"}” at the service, not “${row.campaign ?? row.campaignId}” as sent.`,
      );
    }
    if (!sameThing(row.fund, row.fundId, split.fund, split.fundId)) {
      add(
        "fund",
        `The ${money(row.unitAmountCents * row.quantity)} line is in fund “${split.fund ?? split.fundId ?? "none"}” at the service, not “${row.fund}” as sent.`,
      );
    }
  }
  return differences;
}
