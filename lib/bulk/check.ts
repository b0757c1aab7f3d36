// Checks the transactions of a bulk allocation against what the app knows, the same way the
// editor's submission is checked: every row parsed by the one split row schema, the sum rule,
// the 100-row limit, a transaction that is still being processed. What passes becomes the
// allocation that will be sent; what does not is kept with its reasons, and nothing of it is sent.
import "server-only";
import { db } from "@/lib/db";
import type { KnownTransaction } from "@/lib/generated/prisma/client";
import { inFlightTransactions, inSlices } from "@/lib/submissions/lookups";
import { nextSplitId, transactionRefFor } from "@/lib/splits/split-ids";
import { splitSelect } from "@/lib/splits/split";
import { takenSplitIds } from "@/lib/transactions/taken-split-ids";
import { campaignNow, type HeldSplit, keepGiftCampaign } from "@/lib/splits/placement";
import {
  type Allocation,
  MAX_ROWS_PER_TRANSACTION,
  type SplitRow,
  splitRowSchema,
  sumProblem,
} from "@/lib/splits/schema";
import { type CsvColumn, type CsvGroup, mapColumns, MAX_VALUE_LENGTH } from "./csv-format";

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

/** Checks each group and returns one item per group, in order. `columns` are the file's headers;
 *  `earlierKeys` maps transactions already in the draft (from earlier parts) to the key used. */
export async function checkGroups(
  connectionId: string,
  columns: readonly string[],
  groups: readonly CsvGroup[],
  earlierKeys: ReadonlyMap<string, string> = new Map(),
): Promise<CheckedItem[]> {
  const { byColumn } = mapColumns(columns);
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
    const checked = group.rows.map((row) => checkRow(row.values, byColumn, row.line, row.problem));
    const rows = checked.map((c) => c.row);
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
        `No transaction ${group.transaction} is known. Check the id (the service's transaction id or your external id), or refresh the transactions list.`,
      );
      return item;
    }
    const { transactionId } = transaction.transaction;
    const keys = keysOf.get(transactionId) ?? [];
    if (keys.length > 1) {
      item.errors.push(
        `Transaction ${transactionId} appears under ${keys.join(" and ")}: put all its lines under one id.`,
      );
      return item;
    }
    if (rows.length === 0) {
      // A rule leaves out 0-cent shares; a gift of $0.00 leaves nothing to send.
      item.errors.push("A transaction of $0.00 has nothing to allocate.");
      return item;
    }
    // A blank campaign keeps the gift's own; a gift with none leaves that line to be named.
    const home = campaignNow(transaction.transaction, transaction.active);
    const parsed = checked
      .map((c) => {
        if (!c.parsed) return null;
        const kept = keepGiftCampaign(c.parsed, home);
        if (kept.ok) return kept.row;
        c.row.errors.push(`campaign: ${kept.error}`);
        return null;
      })
      .filter((p): p is SplitRow => p !== null);
    item.errors.push(...transactionProblems(transaction, rows.length, parsed.length === rows.length ? parsed : null));
    if (rows.some((r) => r.errors.length > 0)) {
      // Without this, the good lines of a refused gift would come back in the error CSV unexplained.
      for (const row of rows) {
        if (row.errors.length === 0) row.errors.push("Another line of this transaction has a problem.");
      }
    }
    if (item.errors.length > 0 || rows.some((r) => r.errors.length > 0)) return item;
    item.allocation = allocationFor(transaction, parsed);
    item.valid = true;
    return item;
  });
}

/** `parsed` is null when some row does not parse: the sum is then not worth stating. */
function transactionProblems(known: Known, rowCount: number, parsed: readonly SplitRow[] | null): string[] {
  const problems: string[] = [];
  const { transaction } = known;
  if (known.inFlight) {
    problems.push("An earlier submission for this transaction is still being processed. Wait for it (see History).");
  }
  const removals = Math.max(0, known.active.length - rowCount);
  if (rowCount + removals > MAX_ROWS_PER_TRANSACTION) {
    problems.push(
      removals > 0
        ? `One import carries at most ${MAX_ROWS_PER_TRANSACTION} rows for a transaction, removals included: this one needs ${rowCount} plus ${removals} removals.`
        : `A transaction can have at most ${MAX_ROWS_PER_TRANSACTION} splits; this one has ${rowCount}.`,
    );
  }
  if (parsed) {
    const allocated = parsed.reduce((sum, row) => sum + row.amount * row.quantity, 0);
    const problem = sumProblem(allocated, Number(transaction.amountCents), transaction.currency);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** One line's values parsed by the editor's own row schema; its problems named by column. */
function checkRow(
  values: Record<string, string>,
  byColumn: Partial<Record<CsvColumn, string>>,
  line: number | null,
  problem?: string,
): { row: CheckedRow; parsed: SplitRow | null } {
  const errors: string[] = [];
  if (problem) errors.push(problem);
  const tooLong = Object.entries(values).find(([, v]) => v.length > MAX_VALUE_LENGTH);
  if (tooLong) errors.push(`${tooLong[0]}: at most ${MAX_VALUE_LENGTH} characters.`);
  const result = parseRow(fieldsOf(values, byColumn));
  if (!result.success) {
    for (const issue of result.error.issues)
      errors.push(`${COLUMN_OF[String(issue.path[0])] ?? "row"}: ${issue.message}`);
  }
  return { row: { line, values, errors }, parsed: errors.length === 0 && result.success ? result.data : null };
}

const COLUMN_OF: Record<string, CsvColumn> = {
  amount: "amount",
  quantity: "quantity",
  campaign: "campaign",
  campaignId: "campaign_id",
  parentCampaign: "parent_campaign",
  parentCampaignId: "parent_campaign_id",
  fund: "fund",
  fundId: "fund_id",
};

/** The values under our column names (the row kept for the preview and the error CSV uses these). */
function fieldsOf(values: Record<string, string>, byColumn: Partial<Record<CsvColumn, string>>) {
  const fields: Record<string, string> = {};
  for (const [column, header] of Object.entries(byColumn)) fields[column] = values[header] ?? "";
  return fields;
}

function parseRow(fields: Record<string, string>) {
  return splitRowSchema.safeParse({
    // Split ids are assigned once the rows are known good (allocationFor).
    splitId: "unassigned",
    amount: fields.amount ?? "",
    quantity: fields.quantity?.trim() ? fields.quantity : "1",
    campaign: fields.campaign ?? "",
    campaignId: fields.campaign_id ?? "",
    parentCampaign: fields.parent_campaign ?? "",
    parentCampaignId: fields.parent_campaign_id ?? "",
    fund: fields.fund ?? "",
    fundId: fields.fund_id ?? "",
  });
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
