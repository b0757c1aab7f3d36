// The transactions' routes (app/api/transactions/**) and their callers (lib/hooks/use-transactions.ts,
// the editor's fetchGift, the templates' gift pickers).
import type { EditorData } from "@/lib/transactions/editor-data";
import type { TransactionPage, TransactionView } from "@/lib/transactions/read";
import type { syncTransactions } from "@/lib/transactions/sync";
import { contract } from "./contract";

/** GET /api/transactions?filters (lib/transactions/filters.ts) */
export const transactionsList = contract<TransactionPage>();

/** GET /api/transactions/:id, by the service's id or the external id: unknown is a 404. */
export const transactionRead = contract<TransactionView>();

/** GET /api/transactions/:id/editor: unknown is a 404. */
export const transactionEditor = contract<EditorData>();

/** POST /api/transactions/sync: how many came in, and whether the copy is finished. */
export const transactionsSync = contract<{
  synced: Awaited<ReturnType<typeof syncTransactions>>["copied"];
  state: Awaited<ReturnType<typeof syncTransactions>>["state"];
}>();
