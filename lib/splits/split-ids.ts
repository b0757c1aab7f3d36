// A split's id at the service: `<transaction ref>:<n>`, the form the spec recommends so that split
// ids never overlap transaction ids (spec §2.3). The ref is what a row's transaction_id carries
// (lib/service/transaction-ref.ts).
import { type TransactionRef, transactionRefFor } from "@/lib/service/transaction-ref";

export { transactionRefFor, type TransactionRef };

/** The next `<ref>:<n>` after every id ever taken for this gift. */
export function nextSplitId(ref: string, taken: Iterable<string>): string {
  const prefix = `${ref}:`;
  let highest = 0;
  for (const id of taken) {
    if (!id.startsWith(prefix)) continue;
    const n = Number(id.slice(prefix.length));
    if (Number.isInteger(n) && n > highest) highest = n;
  }
  return `${prefix}${highest + 1}`;
}
