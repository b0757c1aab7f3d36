// Which value a row's transaction_id carries for a gift (spec §2.3 rules 3 and 4), on its own: split
// ids are made from it in the browser too (lib/splits/split-ids.ts), by lazy parts of the editor
// that each get their own copy of what they import, and the rest of the wire contract
// (import-rows.ts) is not theirs to carry.

export type TransactionRef = { transactionId: string; externalId: string | null };

/** Its external id when it has one, its transaction id otherwise. */
export function transactionRefFor(transaction: TransactionRef): string {
  return transaction.externalId ?? transaction.transactionId;
}
