// What the bulk pages show: a draft's summary and one page of its transactions, and the wrong
// rows as a CSV with an error column. Every read is scoped to the connection.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { centsToInput, formatCents } from "@/lib/splits/money";
import type {
  BulkDraft,
  BulkDraftItem,
  BulkSource,
  BulkStatus,
  KnownSplit,
  KnownTransaction,
} from "@/lib/generated/prisma/client";
import { mapColumns } from "./csv-format";
import { safeCsv } from "@/lib/csv/csv-safe";
import { draftFor } from "./drafts";
import { type MoneyMove, moneyMoves } from "./money-moves";
import { type NewNames, NO_NEW_NAMES, newNamesIn } from "./new-names";
import { readStoredJson } from "@/lib/stored-json";
import { storedAllocation, storedCheckedRows } from "./stored";

export const previewQuerySchema = z.object({
  show: z.enum(["invalid", "valid"]).optional().default("invalid"),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type PreviewQuery = z.infer<typeof previewQuerySchema>;

export const PREVIEW_PAGE_SIZE = 25;

export type DraftSummary = {
  id: string;
  source: BulkSource;
  label: string;
  status: BulkStatus;
  submissionId: string | null;
  transactionCount: number;
  validCount: number;
  rowCount: number;
  validRowCount: number;
  createdAt: string;
};

export type PreviewRow = {
  line: number | null;
  amount: string;
  quantity: string;
  campaign: string;
  fund: string;
  errors: string[];
};

export type PreviewItem = {
  transactionKey: string;
  transactionId: string | null;
  contactName: string | null;
  totalCents: number | null;
  currency: string;
  valid: boolean;
  errors: string[];
  rows: PreviewRow[];
  /** Active splits this allocation soft-deletes. */
  removedCount: number;
  /** The gift's allocation now, in words, so the preview shows what will be replaced. */
  current: string | null;
};

export type DraftPreview = DraftSummary & {
  show: PreviewQuery["show"];
  page: number;
  perPage: number;
  items: PreviewItem[];
  /** Names sending would create at the service (only while the draft is not sent). */
  newNames: NewNames;
  /** What sending changes, per campaign and fund (only while the draft is not sent). */
  moves: { moves: MoneyMove[]; more: number; currency: string | null };
};

/** Drafts never sent are kept this long; sent ones stay, as the way back to their preview. */
export const UNSENT_DRAFT_DAYS = 7;

export async function listDrafts(connectionId: string, take = 20): Promise<DraftSummary[]> {
  await db().bulkDraft.deleteMany({
    where: {
      connectionId,
      status: { not: "submitted" },
      createdAt: { lt: new Date(Date.now() - UNSENT_DRAFT_DAYS * 86_400_000) },
    },
  });
  const drafts = await db().bulkDraft.findMany({ where: { connectionId }, orderBy: { createdAt: "desc" }, take });
  return drafts.map(toSummary);
}

/** One page of a draft. Without `show`: the problems first, or the valid items when none has any. */
export async function getPreview(
  connectionId: string,
  draftId: string,
  query: { show?: PreviewQuery["show"]; page: number },
): Promise<DraftPreview> {
  const draft = await draftFor(connectionId, draftId);
  const show = query.show ?? (draft.validCount === draft.transactionCount ? "valid" : "invalid");
  const items = await db().bulkDraftItem.findMany({
    where: { draftId: draft.id, valid: show === "valid" },
    orderBy: { position: "asc" },
    skip: (query.page - 1) * PREVIEW_PAGE_SIZE,
    take: PREVIEW_PAGE_SIZE,
  });
  const ids = items.map((i) => i.transactionId).filter((id): id is string => id !== null);
  const [transactions, splits, newNames, moves] = await Promise.all([
    db().knownTransaction.findMany({
      where: { connectionId, transactionId: { in: ids } },
      select: { transactionId: true, contactName: true, amountCents: true, currency: true, campaign: true, fund: true },
    }),
    db().knownSplit.findMany({
      where: { connectionId, transactionId: { in: ids }, deletedAt: null, madeElsewhere: false },
      orderBy: { splitId: "asc" },
      select: { transactionId: true, unitAmountCents: true, quantity: true, campaign: true, fund: true },
    }),
    draft.status === "ready" ? newNamesIn(connectionId, draft.id) : Promise.resolve(NO_NEW_NAMES),
    draft.status === "ready"
      ? moneyMoves(connectionId, draft.id)
      : Promise.resolve({ moves: [], more: 0, currency: null }),
  ]);
  const byId = new Map(transactions.map((t) => [t.transactionId, t]));
  const at = columnReader(draft.columns);
  return {
    ...toSummary(draft),
    show,
    page: query.page,
    perPage: PREVIEW_PAGE_SIZE,
    newNames,
    moves,
    items: items.map((item) =>
      previewItem(
        item,
        item.transactionId ? byId.get(item.transactionId) : undefined,
        splits.filter((split) => split.transactionId === item.transactionId),
        at,
      ),
    ),
  };
}

type PreviewTransaction = Pick<
  KnownTransaction,
  "transactionId" | "contactName" | "amountCents" | "currency" | "campaign" | "fund"
>;
type PreviewSplit = Pick<KnownSplit, "transactionId" | "unitAmountCents" | "quantity" | "campaign" | "fund">;
type ColumnReader = (values: Record<string, string>, column: keyof ReturnType<typeof mapColumns>["byColumn"]) => string;

/** Reads a value of a file's line by what the column means (the file names columns its own way). */
function columnReader(columns: string[]): ColumnReader {
  const { byColumn } = mapColumns(columns);
  return (values, column) => {
    const header = byColumn[column];
    return header ? (values[header] ?? "") : "";
  };
}

/** One gift of the preview page, beside the gift as Apportion's copy holds it now. */
function previewItem(
  item: BulkDraftItem,
  transaction: PreviewTransaction | undefined,
  own: PreviewSplit[],
  at: ColumnReader,
): DraftPreview["items"][number] {
  const allocation =
    item.allocation === null ? null : readStoredJson(storedAllocation, item.allocation, "BulkDraftItem.allocation");
  const given = readStoredJson(storedCheckedRows, item.rows, "BulkDraftItem.rows");
  const currency = transaction?.currency ?? "USD";
  return {
    transactionKey: item.transactionKey,
    transactionId: item.transactionId,
    contactName: transaction?.contactName ?? null,
    totalCents: transaction ? Number(transaction.amountCents) : null,
    currency,
    valid: item.valid,
    errors: item.errors,
    // A valid gift shows what will be sent (a blank campaign filled with the gift's own);
    // one with problems shows the lines as the file gave them.
    rows: allocation
      ? allocation.rows.map((row, index) => ({
          line: given[index]?.line ?? null,
          amount: centsToInput(row.amount),
          quantity: String(row.quantity),
          campaign: row.campaign ?? "",
          fund: row.fund,
          errors: [],
        }))
      : given.map((row) => ({
          line: row.line,
          amount: at(row.values, "amount"),
          quantity: at(row.values, "quantity") || "1",
          campaign: at(row.values, "campaign"),
          fund: at(row.values, "fund"),
          errors: row.errors,
        })),
    removedCount: allocation?.removedSplitIds.length ?? 0,
    current: transaction ? currentAllocation(transaction, own, currency) : null,
  };
}

/** "Annual Appeal / General", or each split's amount, campaign and fund. */
function currentAllocation(transaction: PreviewTransaction, own: PreviewSplit[], currency: string): string {
  return own.length === 0
    ? `${transaction.campaign ?? "no campaign"} / ${transaction.fund ?? "General"}`
    : own
        .map(
          (split) =>
            `${formatCents(Number(split.unitAmountCents) * split.quantity, currency)} ${split.campaign ?? "no campaign"} / ${split.fund}`,
        )
        .join(" · ");
}

/** The rows of every transaction that cannot be sent, under the file's own columns and its line
 *  number, each with what is wrong (its own problems and its transaction's), ready to fix and upload again. */
export async function errorCsv(connectionId: string, draftId: string): Promise<{ fileName: string; csv: string }> {
  const draft = await draftFor(connectionId, draftId);
  const items = await db().bulkDraftItem.findMany({
    where: { draftId: draft.id, valid: false },
    orderBy: { position: "asc" },
    select: { errors: true, rows: true },
  });
  // A file fixed and uploaded again brings its own line and error columns: they are replaced.
  const columns = draft.columns.filter((c) => !["line", "error"].includes(c.trim().toLowerCase()));
  const fields = [...columns, "line", "error"];
  const data = items.flatMap((item) =>
    readStoredJson(storedCheckedRows, item.rows, "BulkDraftItem.rows").map((row) => [
      ...columns.map((column) => row.values[column] ?? ""),
      row.line === null ? "" : String(row.line),
      [...row.errors, ...item.errors].join(" "),
    ]),
  );
  // Formula-looking values are escaped for spreadsheets (csv-safe.ts).
  const csv = safeCsv(data, fields);
  const base = draft.label.replace(/\.csv$/i, "").replace(/[^\w.-]+/g, "-") || "allocation";
  return { fileName: `${base}-errors.csv`, csv };
}

function toSummary(draft: BulkDraft): DraftSummary {
  return {
    id: draft.id,
    source: draft.source,
    label: draft.label,
    status: draft.status,
    submissionId: draft.submissionId,
    transactionCount: draft.transactionCount,
    validCount: draft.validCount,
    rowCount: draft.rowCount,
    validRowCount: draft.validRowCount,
    createdAt: draft.createdAt.toISOString(),
  };
}
