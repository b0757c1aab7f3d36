// Batching for the service's limit of 100 records per import call (docs/service.md, "Imports"): rows of
// one match_by only, and never one transaction's rows split across two calls (the sum rule is
// checked per transaction within an import).
import "server-only";
import type { ImportRow, MatchBy } from "./import-rows";

export const MAX_ROWS_PER_IMPORT = 100;

export type TransactionRows = { transactionId: string; matchBy: MatchBy; rows: ImportRow[] };
export type Batch = { matchBy: MatchBy; groups: TransactionRows[] };

export function intoBatches(groups: readonly TransactionRows[], max = MAX_ROWS_PER_IMPORT): Batch[] {
  const batches: Batch[] = [];
  for (const matchBy of ["id", "transaction_id"] as const) {
    let current: Batch | undefined;
    let size = 0;
    for (const group of groups.filter((g) => g.matchBy === matchBy)) {
      if (group.rows.length > max) {
        throw new RangeError(
          `Gift ${group.transactionId} has ${group.rows.length} splits to send; one import carries at most ${max}.`,
        );
      }
      if (!current || size + group.rows.length > max) {
        current = { matchBy, groups: [] };
        batches.push(current);
        size = 0;
      }
      current.groups.push(group);
      size += group.rows.length;
    }
  }
  return batches;
}
