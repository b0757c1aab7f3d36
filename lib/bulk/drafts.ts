// Bulk drafts: a CSV upload arriving in parts, or a rule applied to a filtered set of
// transactions, checked and stored item by item before anything is sent. Every function takes
// the connection id and scopes its reads and writes by it.
import "server-only";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import { type BulkDraft, Prisma } from "@/lib/generated/prisma/client";
import { centsToInput } from "@/lib/splits/money";
import { type TransactionFilters, whereFor } from "@/lib/transactions/read";
import { type CheckedItem, checkGroups } from "./check";
import { type CsvGroup, MAX_BULK_ROWS, MAX_BULK_TRANSACTIONS } from "./csv-format";
import { applyRule, type Rule } from "./rule";

export const RULE_COLUMNS = ["transaction_id", "amount", "quantity", "campaign", "campaign_id", "fund", "fund_id"];

export async function createCsvDraft(connectionId: string, label: string, columns: string[]): Promise<BulkDraft> {
  return db().bulkDraft.create({ data: { connectionId, source: "csv", label, columns } });
}

/** Checks and stores one part of an upload: whole transactions, never seen before in this draft. */
export async function addCsvItems(
  connectionId: string,
  draftId: string,
  groups: CsvGroup[],
): Promise<{ transactions: number; valid: number }> {
  const draft = await draftFor(connectionId, draftId);
  if (draft.status !== "uploading") throw new AppError("conflict", "This upload is already complete.");
  if (draft.transactionCount + groups.length > MAX_BULK_TRANSACTIONS) {
    throw new AppError("invalid_input", `A bulk allocation has at most ${MAX_BULK_TRANSACTIONS} transactions.`);
  }
  if (draft.rowCount + groups.reduce((n, g) => n + g.rows.length, 0) > MAX_BULK_ROWS) {
    throw new AppError("invalid_input", `A bulk allocation has at most ${MAX_BULK_ROWS} rows.`);
  }
  const keys = groups.map((g) => g.transaction);
  if (new Set(keys).size !== keys.length) {
    throw new AppError("invalid_input", "A transaction appears twice in this part: send each one's rows together.");
  }
  const earlier = await db().bulkDraftItem.findMany({
    where: { draftId },
    select: { transactionKey: true, transactionId: true },
  });
  const repeated = earlier.find((item) => keys.includes(item.transactionKey));
  if (repeated) {
    throw new AppError("conflict", `Transaction ${repeated.transactionKey} was already uploaded in an earlier part.`);
  }
  const earlierKeys = new Map(
    earlier.flatMap((item) => (item.transactionId ? [[item.transactionId, item.transactionKey] as const] : [])),
  );
  const items = await checkGroups(connectionId, draft.columns, groups, earlierKeys);
  await storeItems(draft, items);
  await refuseEarlierUnderAnotherId(draft.id, items, earlierKeys);
  return { transactions: items.length, valid: items.filter((i) => i.valid).length };
}

/** A gift of this part that an earlier part named by its other id: the earlier item is refused too. */
async function refuseEarlierUnderAnotherId(
  draftId: string,
  items: readonly CheckedItem[],
  earlierKeys: ReadonlyMap<string, string>,
): Promise<void> {
  for (const item of items) {
    const earlierKey = item.transactionId ? earlierKeys.get(item.transactionId) : undefined;
    if (!earlierKey) continue;
    const earlier = await db().bulkDraftItem.findUniqueOrThrow({
      where: { draftId_transactionKey: { draftId, transactionKey: earlierKey } },
    });
    if (!earlier.valid && earlier.errors.some((e) => e.includes(item.transactionKey))) continue;
    await db().$transaction([
      db().bulkDraftItem.update({
        where: { id: earlier.id },
        data: { valid: false, allocation: Prisma.DbNull, errors: [...earlier.errors, ...item.errors] },
      }),
      ...(earlier.valid
        ? [
            db().bulkDraft.update({
              where: { id: draftId },
              data: {
                validCount: { decrement: 1 },
                validRowCount: { decrement: (earlier.rows as unknown[]).length },
              },
            }),
          ]
        : []),
    ]);
  }
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
  input: { label: string; rule: Rule; filters: TransactionFilters },
): Promise<BulkDraft> {
  const where = whereFor(connectionId, input.filters);
  const transactions = await db().knownTransaction.findMany({
    where,
    orderBy: [{ occurredAt: "desc" }, { transactionId: "asc" }],
    take: MAX_BULK_TRANSACTIONS + 1,
  });
  if (transactions.length === 0) throw new AppError("invalid_input", "No transactions match these filters.");
  if (transactions.length > MAX_BULK_TRANSACTIONS) {
    throw new AppError(
      "invalid_input",
      `More than ${MAX_BULK_TRANSACTIONS} transactions match; narrow the filters (a date range or a campaign).`,
    );
  }
  const groups: CsvGroup[] = transactions.map((transaction) => {
    const shares = applyRule(Number(transaction.amountCents), input.rule);
    return {
      transaction: transaction.transactionId,
      rows: input.rule.lines
        .map((line, index) => ({ line, cents: shares[index] ?? 0 }))
        // A share of 0 cents (a tiny gift) is left out: the service refuses amounts of 0.
        .filter(({ cents }) => cents > 0)
        .map(({ line, cents }) => ({
          line: null,
          values: {
            transaction_id: transaction.transactionId,
            amount: centsToInput(cents),
            quantity: "1",
            campaign: line.campaign ?? "",
            campaign_id: line.campaignId ?? "",
            fund: line.fund,
            fund_id: line.fundId ?? "",
          },
        })),
    };
  });
  const draft = await db().bulkDraft.create({
    data: { connectionId, source: "rule", label: input.label, columns: RULE_COLUMNS },
  });
  const items = await checkGroups(connectionId, RULE_COLUMNS, groups);
  await storeItems(draft, items);
  return db().bulkDraft.update({ where: { id: draft.id }, data: { status: "ready" } });
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

async function storeItems(draft: BulkDraft, items: CheckedItem[]): Promise<void> {
  const valid = items.filter((i) => i.valid);
  await db().$transaction(
    async (tx) => {
      // The position continues from the parts stored before, so the preview keeps the file's order.
      const position = await tx.bulkDraftItem.count({ where: { draftId: draft.id } });
      // One statement whose columns are arrays (as for submission rows, lib/imports/store-rows.ts):
      // createMany spent about 330 ms on each part of 5,000 lines.
      await tx.$executeRaw`
        INSERT INTO "BulkDraftItem"
          ("id", "draftId", "position", "transactionKey", "transactionId", "valid", "errors", "rows", "allocation")
        SELECT gen_random_uuid(), ${draft.id}::uuid, ${position}::int + t.n - 1, t.key, t.transaction_id, t.valid,
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
        where: { id: draft.id },
        data: {
          transactionCount: { increment: items.length },
          validCount: { increment: valid.length },
          rowCount: { increment: items.reduce((n, i) => n + i.rows.length, 0) },
          validRowCount: { increment: valid.reduce((n, i) => n + i.rows.length, 0) },
        },
      });
    },
    { timeout: 60_000 },
  );
}
