// Checks the transactions of a bulk allocation against what the app knows, the same way the
// editor's submission is checked: lines in cents (a CSV's parsed by parse-lines.ts with the one
// split row schema, a rule's or template's computed), the sum rule, the 100-row limit, a
// transaction that is still being processed. What passes becomes the
// allocation that will be sent; what does not is kept with its reasons, and nothing of it is sent.
import "server-only";
import { db } from "@/lib/db";
import type { KnownTransaction } from "@/lib/generated/prisma/client";
import { inFlightTransactions, inSlices } from "@/lib/submissions/lookups";
import { nextSplitId, transactionRefFor } from "@/lib/splits/split-ids";
import { splitSelect } from "@/lib/splits/split";
import { takenSplitIds } from "@/lib/transactions/taken-split-ids";
import { campaignNow, type HeldSplit, keepGiftCampaign } from "@/lib/splits/placement";
import { type Allocation, MAX_ROWS_PER_TRANSACTION, type SplitRow, sumProblem } from "@/lib/splits/schema";

export type CheckedRow = { line: number | null; values: Record<string, string>; errors: string[] };

export type CheckedItem = {
  transactionKey: string;
  transactionId: string | null;
  valid: boolean;
  errors: string[];
  rows: CheckedRow[];
  allocation: Allocation | null;
};

type Known = {
  transaction: KnownTransaction;
  /** The active splits in their numbered order, with where they put the money (for a blank
   *  campaign's "keep where it is"). */
  active: (HeldSplit & { splitId: string })[];
  takenSplitIds: string[];
  inFlight: boolean;
};

/** One line in cents: its split (null when its text did not parse, `errors` say why) and, for the
 *  preview and the error CSV, the file's line number and values (none for a rule's or template's). */
export type CentsLine = {
  line: number | null;
  values: Record<string, string>;
  errors: string[];
  split: SplitRow | null;
};
export type LineGroup = { transaction: string; lines: CentsLine[] };

/** Checks each group and returns one item per group, in order. `earlierKeys` maps transactions
 *  already in the draft (from earlier parts) to the key used. */
export async function checkLines(
  connectionId: string,
  groups: readonly LineGroup[],
  earlierKeys: ReadonlyMap<string, string> = new Map(),
): Promise<CheckedItem[]> {
  const known = await loadKnown(
    connectionId,
    groups.map((g) => g.transaction),
  );
  // One gift named by two ids (its transaction id and its external id): every group of it is
  // refused, so no message points at the wrong fix.
  const keysOf = new Map<string, string[]>();
  for (const [id, key] of earlierKeys) keysOf.set(id, [key]);
  for (const group of groups) {
    const id = known.get(group.transaction)?.transaction.transactionId;
    if (id && group.transaction) keysOf.set(id, [...(keysOf.get(id) ?? []), group.transaction]);
  }
  return groups.map((group) => {
    const transaction = known.get(group.transaction);
    const rows: CheckedRow[] = group.lines.map((l) => ({ line: l.line, values: l.values, errors: [...l.errors] }));
    const item: CheckedItem = {
      transactionKey: group.transaction,
      transactionId: transaction?.transaction.transactionId ?? null,
      valid: false,
      errors: [],
      rows,
      allocation: null,
    };
    if (!group.transaction) {
      item.errors.push("These lines have no transaction_id.");
      return item;
    }
    if (!transaction) {
      item.errors.push(
        `No gift ${group.transaction} is known. Check the id (the service's id of the gift or your external id), or refresh the gifts list.`,
      );
      return item;
    }
    const { transactionId } = transaction.transaction;
    const keys = keysOf.get(transactionId) ?? [];
    if (keys.length > 1) {
      item.errors.push(appearsUnder(transactionId, keys));
      return item;
    }
    if (rows.length === 0) {
      // A rule leaves out 0-cent shares; a gift of $0.00 leaves nothing to send.
      item.errors.push("A gift of $0.00 has nothing to allocate.");
      return item;
    }
    // A blank campaign keeps the gift's own; a gift with none leaves that line to be named.
    const home = campaignNow(transaction.transaction, transaction.active);
    const parsed = group.lines
      .map((l, index) => {
        if (!l.split || l.errors.length > 0) return null;
        const kept = keepGiftCampaign(l.split, home);
        if (kept.ok) return kept.row;
        rows[index]?.errors.push(`campaign: ${kept.error}`);
        return null;
      })
      .filter((p): p is SplitRow => p !== null);
    item.errors.push(...transactionProblems(transaction, rows.length, parsed.length === rows.length ? parsed : null));
    if (rows.some((r) => r.errors.length > 0)) {
      // Without this, the good lines of a refused gift would come back in the error CSV unexplained.
      for (const row of rows) {
        if (row.errors.length === 0) row.errors.push("Another line of this gift has a problem.");
      }
    }
    if (item.errors.length > 0 || rows.some((r) => r.errors.length > 0)) return item;
    item.allocation = allocationFor(transaction, parsed);
    item.valid = true;
    return item;
  });
}

/** One gift named by two ids (its own and its external id): one message, whichever part finds it. */
export function appearsUnder(transactionId: string, keys: readonly string[]): string {
  return `Gift ${transactionId} appears under ${keys.join(" and ")}: put all its lines under one id.`;
}

/** `parsed` is null when some row does not parse: the sum is then not worth stating. */
function transactionProblems(known: Known, rowCount: number, parsed: readonly SplitRow[] | null): string[] {
  const problems: string[] = [];
  const { transaction } = known;
  if (known.inFlight) {
    problems.push("An earlier change to this gift is still being sent. Wait for it (see History).");
  }
  const removals = Math.max(0, known.active.length - rowCount);
  if (rowCount + removals > MAX_ROWS_PER_TRANSACTION) {
    problems.push(
      removals > 0
        ? `One import carries at most ${MAX_ROWS_PER_TRANSACTION} splits of a gift, removals included: this one needs ${rowCount} plus ${removals} removals.`
        : `A gift can have at most ${MAX_ROWS_PER_TRANSACTION} splits; this one has ${rowCount}.`,
    );
  }
  if (parsed) {
    const allocated = parsed.reduce((sum, row) => sum + row.amount * row.quantity, 0);
    const problem = sumProblem(allocated, Number(transaction.amountCents), transaction.currency);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** The rows re-use the transaction's active split ids in order (an update, as in the editor),
 *  new ids continue past every id ever used, and active splits left over are removed. */
function allocationFor(known: Known, rows: readonly SplitRow[]): Allocation {
  const { transaction } = known;
  const ref = transactionRefFor(transaction);
  const taken = [...known.takenSplitIds];
  return {
    transactionId: transaction.transactionId,
    totalCents: Number(transaction.amountCents),
    currency: transaction.currency,
    rows: rows.map((row, index) => {
      let splitId = known.active[index]?.splitId;
      if (!splitId) {
        splitId = nextSplitId(ref, taken);
        taken.push(splitId);
      }
      return { ...row, splitId };
    }),
    removedSplitIds: known.active.slice(rows.length).map((split) => split.splitId),
  };
}

/** Transactions by the key a file may name them by (transaction id first, then external id). */
async function loadKnown(connectionId: string, keys: readonly string[]): Promise<Map<string, Known>> {
  const wanted = [...new Set(keys.filter(Boolean))];
  const transactions = await inSlices(wanted, (slice) =>
    db().knownTransaction.findMany({
      where: { connectionId, OR: [{ transactionId: { in: slice } }, { externalId: { in: slice } }] },
    }),
  );
  const ids = transactions.map((t) => t.transactionId);
  const [splits, taken, inFlight] = await Promise.all([
    inSlices(ids, (slice) =>
      db().knownSplit.findMany({
        // Apportion's own: a split made elsewhere is no line bulk can change (KnownSplit.madeElsewhere).
        where: { connectionId, transactionId: { in: slice }, deletedAt: null, madeElsewhere: false },
        select: { transactionId: true, deletedAt: true, ...splitSelect },
        orderBy: { splitId: "asc" },
      }),
    ),
    takenSplitIds(connectionId, ids),
    inFlightTransactions(connectionId, ids),
  ]);
  const busy = new Set(inFlight);
  const byId = new Map<string, Known>();
  for (const transaction of transactions) {
    byId.set(transaction.transactionId, {
      transaction,
      active: [],
      takenSplitIds: taken.get(transaction.transactionId) ?? [],
      inFlight: busy.has(transaction.transactionId),
    });
  }
  for (const split of splits) {
    const entry = byId.get(split.transactionId);
    if (!entry) continue;
    entry.active.push(split);
  }
  // Re-used in their numbered order (`ref:2` before `ref:10`), as the admin reads them.
  for (const entry of byId.values()) entry.active.sort((a, b) => bySuffix(a.splitId, b.splitId));

  const byKey = new Map<string, Known>();
  // External ids first, so an exact transaction id wins when a value is both.
  for (const entry of byId.values()) {
    if (entry.transaction.externalId) byKey.set(entry.transaction.externalId, entry);
  }
  for (const entry of byId.values()) byKey.set(entry.transaction.transactionId, entry);
  return byKey;
}

function bySuffix(a: string, b: string): number {
  const n = (id: string) => Number(id.slice(id.lastIndexOf(":") + 1));
  return n(a) - n(b) || a.localeCompare(b);
}
