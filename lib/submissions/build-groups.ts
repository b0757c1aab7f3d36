// Checks a submission request against what Apportion knows of the gifts and their splits, and
// builds the rows to send plus the snapshot of each gift as the admin saw it (History's record).
// Kept apart from create.ts so each check reads on its own; every problem found in one pass is
// reported together (one 422 naming each field), except the few that make the rest meaningless.
import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { campaignNow, keepGiftCampaign } from "@/lib/splits/placement";
import { holdsAlready } from "@/lib/splits/unchanged";
import type { SubmissionRequest } from "@/lib/splits/schema";
import type { TransactionRows } from "@/lib/service/import-batches";
import { buildImportRows, type ExistingSplit, matchByFor, transactionRefFor } from "@/lib/service/import-rows";
import type { KnownSplitFacts, SubmissionLookups } from "./lookups";
import { snapshotOf } from "./snapshot";
import type { GiftSnapshot } from "./store";

type SplitFacts = KnownSplitFacts;
type Allocation = SubmissionRequest["allocations"][number];
type Transaction = SubmissionLookups["transactions"][number];
type Issue = (path: (string | number)[], message: string) => void;

/** What every allocation is checked against, gathered once per request. */
type Known = {
  byId: Map<string, Transaction>;
  splitsById: Map<string, SplitFacts>;
  splitsOfTransactions: SplitFacts[];
  /** Ids and external ids of transactions: a split may not take one. */
  transactionIdentities: Set<string>;
  now: Date;
};

/** Checks every allocation against the synced transaction and known splits, then builds rows and
 *  the snapshot of each gift as the admin saw it (History's record). */
export function buildGroups(
  request: SubmissionRequest,
  found: SubmissionLookups,
): { groups: TransactionRows[]; gifts: GiftSnapshot[] } {
  refuseUnsendable(request, found);
  const known = knownOf(found);
  const issues: z.core.$ZodIssue[] = [];
  const issue: Issue = (path, message) => issues.push({ code: "custom", path, message, input: undefined });
  let unchanged = 0;
  const gifts: GiftSnapshot[] = [];
  const groups = request.allocations.map((allocation, a): TransactionRows => {
    const built = groupOf(allocation, known, (path, message) => issue(["allocations", a, ...path], message));
    if (built.unchanged) unchanged++;
    gifts.push(built.gift);
    return built.group;
  });
  if (issues.length > 0) throw new z.ZodError(issues);
  if (unchanged === groups.length) {
    throw new AppError(
      "invalid_input",
      groups.length === 1
        ? "Nothing to send: the service already holds this allocation."
        : "Nothing to send: the service already holds every one of these allocations.",
    );
  }
  return { groups, gifts };
}

/** The problems that stop the request before any allocation is looked at. */
function refuseUnsendable(request: SubmissionRequest, found: SubmissionLookups) {
  const ids = request.allocations.map((a) => a.transactionId);
  if (new Set(ids).size !== ids.length) {
    throw new AppError("invalid_input", "A gift appears twice in this change.");
  }
  if (found.inFlight.length > 0) {
    throw new AppError(
      "conflict",
      `An earlier change to gift ${found.inFlight.join(", ")} is still being sent. Wait for it to finish (see History), then split it again.`,
    );
  }
}

function knownOf(found: SubmissionLookups): Known {
  const { transactions, splitsOfTransactions, splitsNamed, clashes } = found;
  const splits = [...splitsOfTransactions, ...splitsNamed];
  return {
    byId: new Map(transactions.map((t) => [t.transactionId, t])),
    splitsById: new Map(splits.map((s) => [s.splitId, s])),
    splitsOfTransactions,
    transactionIdentities: new Set(
      clashes.flatMap((t) => [t.transactionId, t.externalId].filter((v): v is string => !!v)),
    ),
    now: new Date(),
  };
}

/** One allocation's rows to send and its gift's snapshot; problems go to `issue` (paths relative
 *  to the allocation). */
function groupOf(
  allocation: Allocation,
  known: Known,
  issue: Issue,
): { group: TransactionRows; gift: GiftSnapshot; unchanged: boolean } {
  const transaction = known.byId.get(allocation.transactionId);
  if (!transaction) {
    throw new AppError(
      "not_found",
      `Gift ${allocation.transactionId} is not in Apportion's copy of the service's gifts: it may have been deleted at the service. Nothing was sent.`,
    );
  }
  const total = Number(transaction.amountCents);
  if (allocation.totalCents !== total || allocation.currency !== transaction.currency) {
    issue(["totalCents"], "This gift's total has changed at the service. Reload it before splitting.");
  }
  checkSplitIds(allocation, transaction, known, issue);
  checkAllAccounted(allocation, transaction, known, issue);
  const existing = removedSplits(allocation, transaction, known, issue);
  const active = known.splitsOfTransactions.filter(
    (s) => s.transactionId === transaction.transactionId && !s.deletedAt,
  );
  const rows = rowsWithCampaigns(allocation, transaction, active, issue);
  return {
    unchanged: holdsAlready(rows, allocation.removedSplitIds, transaction, active),
    gift: snapshotOf(transaction, active, rows),
    group: {
      transactionId: transaction.transactionId,
      matchBy: matchByFor(transaction),
      rows: buildImportRows(transaction, { rows, removedSplitIds: allocation.removedSplitIds }, existing, known.now),
    },
  };
}

/** A row may update one of this gift's active splits, or add a split with an id made for it;
 *  it may not take another gift's split, a deleted one, or a transaction's id. */
function checkSplitIds(allocation: Allocation, transaction: Transaction, known: Known, issue: Issue) {
  const ref = transactionRefFor(transaction);
  allocation.rows.forEach((row, r) => {
    const split = known.splitsById.get(row.splitId);
    const own = split?.transactionId === transaction.transactionId;
    if (split ? !own || split.deletedAt : !row.splitId.startsWith(`${ref}:`)) {
      issue(["rows", r, "splitId"], `Split id ${row.splitId} cannot be used for this gift.`);
    } else if (known.transactionIdentities.has(row.splitId)) {
      issue(["rows", r, "splitId"], `Split id ${row.splitId} is already a gift's id.`);
    }
  });
}

/** Every split active now must be kept or removed: otherwise the allocation was prepared
 *  before another one changed this gift, and its rows would not add up at the service. */
function checkAllAccounted(allocation: Allocation, transaction: Transaction, known: Known, issue: Issue) {
  const accounted = new Set([...allocation.rows.map((r) => r.splitId), ...allocation.removedSplitIds]);
  const unaccounted = known.splitsOfTransactions.filter(
    (s) => s.transactionId === transaction.transactionId && !s.deletedAt && !accounted.has(s.splitId),
  );
  if (unaccounted.length > 0) {
    issue(
      ["rows"],
      `This gift's splits changed since it was prepared (${unaccounted.map((s) => s.splitId).join(", ")}). Reload it before splitting.`,
    );
  }
}

/** The splits being removed, as the service holds them (their removal rows need their amounts). */
function removedSplits(
  allocation: Allocation,
  transaction: Transaction,
  known: Known,
  issue: Issue,
): Map<string, ExistingSplit> {
  const existing = new Map<string, ExistingSplit>();
  allocation.removedSplitIds.forEach((splitId, r) => {
    const split = known.splitsById.get(splitId);
    if (!split || split.transactionId !== transaction.transactionId || split.deletedAt) {
      issue(["removedSplitIds", r], `Split ${splitId} is not an active split of this gift.`);
      return;
    }
    existing.set(splitId, { ...split, unitAmountCents: Number(split.unitAmountCents) });
  });
  return existing;
}

/** A row that names no campaign keeps the gift's own (the rule bulk and the editor share):
 *  a row that updates a split keeps that split's campaign; a new row, the gift's campaign now. */
function rowsWithCampaigns(
  allocation: Allocation,
  transaction: Transaction,
  active: SplitFacts[],
  issue: Issue,
): Allocation["rows"] {
  const home = campaignNow(transaction, active);
  return allocation.rows.map((row, r) => {
    const updated = active.find((split) => split.splitId === row.splitId);
    const kept = keepGiftCampaign(row, updated ? campaignNow(transaction, [updated]) : home);
    if (kept.ok) return kept.row;
    issue(["rows", r, "campaign"], kept.error);
    return row;
  });
}
