// Bulk drafts: a CSV upload arriving in parts, or a rule applied to a filtered set of
// transactions, checked and stored item by item before anything is sent. Every function takes
// the connection id and scopes its reads and writes by it.
import "server-only";
import { AppError } from "@/lib/app-error";
import { sqlIn } from "@/lib/db-sql";
import { db, type Tx } from "@/lib/db";
import { type BulkDraft, Prisma } from "@/lib/generated/prisma/client";
import { centsToInput } from "@/lib/splits/money";
import type { SplitRow } from "@/lib/splits/schema";
import type { GiftFilters } from "@/lib/transactions/filters";
import { whereFor } from "@/lib/transactions/read";
import { appearsUnder, type CheckedItem, checkLines, type LineGroup } from "./check";
import { type CsvGroup, mapColumns, MAX_BULK_ROWS, MAX_BULK_TRANSACTIONS } from "./csv-format";
import { applyRule } from "./basis-points";
import { parseGroups } from "./parse-lines";
import { shareLines } from "./share-lines";
import type { Rule } from "./rule";

export const RULE_COLUMNS = ["transaction_id", "amount", "quantity", "campaign", "campaign_id", "fund", "fund_id"];

export async function createCsvDraft(connectionId: string, label: string, columns: string[]): Promise<BulkDraft> {
  return db().bulkDraft.create({ data: { connectionId, source: "csv", label, columns } });
}

/** Checks and stores one part of an upload: whole transactions, never seen before in this draft.
 *  Parts of one draft are serialised by a lock on the draft's row, taken only for the writes: the
 *  checks read through other connections, and the embedded database has just one. */
export async function addCsvItems(
  connectionId: string,
  draftId: string,
  groups: CsvGroup[],
): Promise<{ transactions: number; valid: number }> {
  const draft = await draftFor(connectionId, draftId);
  if (draft.status !== "uploading") throw new AppError("conflict", "This upload is already complete.");
  const keys = groups.map((g) => g.transaction);
  if (new Set(keys).size !== keys.length) {
    throw new AppError("invalid_input", "A gift appears twice in this part: send each one's lines together.");
  }
  const { byColumn } = mapColumns(draft.columns);
  const keyHeader = byColumn.transaction_id ?? "";
  if (groups.some((g) => g.rows.some((row) => (row.values[keyHeader] ?? "").trim() !== g.transaction))) {
    throw new AppError("invalid_input", "A line is grouped under another gift than its transaction_id.");
  }
  const items = await checkLines(connectionId, parseGroups(draft.columns, groups), await earlierKeysOf(db(), draft.id));
  const rows = items.reduce((n, i) => n + i.rows.length, 0);

  await db().$transaction(
    async (tx) => {
      const [locked] = await sqlIn(tx).sql<{ status: string; transactionCount: number; rowCount: number }>`
        SELECT status, "transactionCount", "rowCount" FROM "BulkDraft" WHERE id = ${draft.id}::uuid FOR UPDATE`;
      if (locked?.status !== "uploading") throw new AppError("conflict", "This upload is already complete.");
      if (locked.transactionCount + items.length > MAX_BULK_TRANSACTIONS) {
        throw new AppError("invalid_input", `A bulk allocation has at most ${MAX_BULK_TRANSACTIONS} gifts.`);
      }
      if (locked.rowCount + rows > MAX_BULK_ROWS) {
        throw new AppError("invalid_input", `A bulk allocation has at most ${MAX_BULK_ROWS} lines.`);
      }
      // Read again under the lock: a part stored meanwhile may name the same gifts.
      const earlier = await tx.bulkDraftItem.findMany({
        where: { draftId: draft.id },
        select: { id: true, transactionKey: true, transactionId: true, valid: true, errors: true },
      });
      const repeated = earlier.find((item) => keys.includes(item.transactionKey));
      if (repeated) {
        throw new AppError("conflict", `Gift ${repeated.transactionKey} was already uploaded in an earlier part.`);
      }
      const byTransaction = new Map(earlier.filter((e) => e.transactionId).map((e) => [e.transactionId, e]));
      for (const item of items) {
        const id = item.transactionId;
        const other = id ? byTransaction.get(id) : undefined;
        if (!id || !other) continue;
        const message = appearsUnder(id, [other.transactionKey, item.transactionKey]);
        if (!item.errors.includes(message)) {
          item.valid = false;
          item.allocation = null;
          item.errors = [message];
        }
        if (!other.errors.includes(message)) {
          await tx.bulkDraftItem.update({
            where: { id: other.id },
            data: { valid: false, allocation: Prisma.DbNull, errors: [...other.errors, message] },
          });
          if (other.valid) {
            const { rows: otherRows } = await tx.bulkDraftItem.findUniqueOrThrow({
              where: { id: other.id },
              select: { rows: true },
            });
            await tx.bulkDraft.update({
              where: { id: draft.id },
              data: { validCount: { decrement: 1 }, validRowCount: { decrement: (otherRows as unknown[]).length } },
            });
          }
        }
      }
      await storeItems(tx, draft.id, items, earlier.length);
    },
    { timeout: 60_000 },
  );
  return { transactions: items.length, valid: items.filter((i) => i.valid).length };
}

async function earlierKeysOf(client: ReturnType<typeof db>, draftId: string): Promise<Map<string, string>> {
  const earlier = await client.bulkDraftItem.findMany({
    where: { draftId, transactionId: { not: null } },
    select: { transactionKey: true, transactionId: true },
  });
  return new Map(earlier.map((item) => [item.transactionId ?? "", item.transactionKey]));
}

export async function markReady(connectionId: string, draftId: string): Promise<void> {
  const draft = await draftFor(connectionId, draftId);
  if (draft.status === "submitted") throw new AppError("conflict", "This bulk allocation was already submitted.");
  if (draft.transactionCount === 0) throw new AppError("invalid_input", "Nothing was uploaded.");
  await db().bulkDraft.update({ where: { id: draft.id }, data: { status: "ready" } });
}

/** Applies a rule to every transaction the filters match (all pages), checked like an upload. */
export async function createRuleDraft(
  connectionId: string,
  input: { label: string; rule: Rule; filters: GiftFilters },
): Promise<BulkDraft> {
  const where = await whereFor(connectionId, input.filters);
  const transactions = await db().knownTransaction.findMany({
    where,
    orderBy: [{ occurredAt: "desc" }, { transactionId: "asc" }],
    take: MAX_BULK_TRANSACTIONS + 1,
  });
  if (transactions.length === 0) throw new AppError("invalid_input", "No gifts match these filters.");
  if (transactions.length > MAX_BULK_TRANSACTIONS) {
    throw new AppError(
      "invalid_input",
      `More than ${MAX_BULK_TRANSACTIONS} gifts match; narrow the filters (a date range or a campaign).`,
    );
  }
  const groups: LineGroup[] = transactions.map((transaction) => ({
    transaction: transaction.transactionId,
    lines: shareLines(input.rule.lines, applyRule(Number(transaction.amountCents), input.rule)).map((line) => ({
      ...line,
      values: line.split ? ruleValues(transaction.transactionId, line.split) : {},
    })),
  }));
  const rows = groups.reduce((n, g) => n + g.lines.length, 0);
  if (rows > MAX_BULK_ROWS) {
    throw new AppError(
      "invalid_input",
      `This rule would make ${rows.toLocaleString("en-US")} lines; a bulk allocation has at most ${MAX_BULK_ROWS.toLocaleString("en-US")}. Narrow the filters.`,
    );
  }
  const items = await checkLines(connectionId, groups);
  // Created with its items in one transaction: a failure leaves no half-made draft behind.
  return db().$transaction(
    async (tx) => {
      const draft = await tx.bulkDraft.create({
        data: { connectionId, source: "rule", label: input.label, columns: RULE_COLUMNS, status: "ready" },
      });
      await storeItems(tx, draft.id, items, 0);
      return tx.bulkDraft.findUniqueOrThrow({ where: { id: draft.id } });
    },
    { timeout: 120_000 },
  );
}

/** A rule's line as the draft's preview and error CSV show it, under RULE_COLUMNS. */
function ruleValues(transactionId: string, split: SplitRow): Record<string, string> {
  return {
    transaction_id: transactionId,
    amount: centsToInput(split.amount),
    quantity: String(split.quantity),
    campaign: split.campaign ?? "",
    campaign_id: split.campaignId ?? "",
    fund: split.fund,
    fund_id: split.fundId ?? "",
  };
}

export async function discardDraft(connectionId: string, draftId: string): Promise<void> {
  const draft = await draftFor(connectionId, draftId);
  if (draft.status === "submitted") throw new AppError("conflict", "A submitted bulk allocation stays in the history.");
  await db().bulkDraft.delete({ where: { id: draft.id } });
}

export async function draftFor(connectionId: string, draftId: string): Promise<BulkDraft> {
  const draft = /^[0-9a-f-]{36}$/i.test(draftId)
    ? await db().bulkDraft.findFirst({ where: { id: draftId, connectionId } })
    : null;
  if (!draft) throw new AppError("not_found", "No such bulk allocation.");
  return draft;
}

/** Writes checked items after the `position` items already stored, and the draft's counts. */
async function storeItems(tx: Tx, draftId: string, items: CheckedItem[], position: number): Promise<void> {
  const valid = items.filter((i) => i.valid);
  // One statement whose columns are arrays (as for submission rows, lib/submissions/store.ts):
  // createMany spent about 330 ms on each part of 5,000 lines.
  await sqlIn(tx).execute`
    INSERT INTO "BulkDraftItem"
      ("id", "draftId", "position", "transactionKey", "transactionId", "valid", "errors", "rows", "allocation")
    SELECT gen_random_uuid(), ${draftId}::uuid, ${position}::int + t.n - 1, t.key, t.transaction_id, t.valid,
           ARRAY(SELECT jsonb_array_elements_text(t.errors::jsonb)), t.rows::jsonb, t.allocation::jsonb
    FROM unnest(
      ${items.map((i) => i.transactionKey)}::text[],
      ${items.map((i) => i.transactionId)}::text[],
      ${items.map((i) => i.valid)}::boolean[],
      ${items.map((i) => JSON.stringify(i.errors))}::text[],
      ${items.map((i) => JSON.stringify(i.rows))}::text[],
      ${items.map((i) => (i.allocation ? JSON.stringify(i.allocation) : null))}::text[]
    ) WITH ORDINALITY AS t(key, transaction_id, valid, errors, rows, allocation, n)`;
  await tx.bulkDraft.update({
    where: { id: draftId },
    data: {
      transactionCount: { increment: items.length },
      validCount: { increment: valid.length },
      rowCount: { increment: items.reduce((n, i) => n + i.rows.length, 0) },
      validRowCount: { increment: valid.reduce((n, i) => n + i.rows.length, 0) },
    },
  });
}
