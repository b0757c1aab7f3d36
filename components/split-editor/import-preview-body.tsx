"use client";

import { type ExistingSplit, buildImportRows, importBody, matchByFor } from "@/lib/imports/rows";
import { allocationSchema } from "@/lib/splits/schema";
import type { TransactionView } from "@/lib/transactions/read";
import type { EditorValues } from "./editor-model";

type Props = { transaction: TransactionView; values: EditorValues };

/** The exact JSON the service will receive, built by the same function the server uses. */
export function PreviewBody({ transaction, values }: Props) {
  const parsed = allocationSchema.safeParse(values);
  if (!parsed.success) {
    return <p className="muted">Fix the problems in the splits above to see the exact import.</p>;
  }
  const existing = new Map<string, ExistingSplit>(
    transaction.splits.map((s) => [
      s.splitId,
      { splitId: s.splitId, unitAmountCents: s.unitAmountCents, quantity: s.quantity, fund: s.fund, fundId: s.fundId },
    ]),
  );
  const rows = buildImportRows(transaction, parsed.data, existing, new Date());
  const body = importBody(matchByFor(transaction), rows);
  return (
    <>
      <p className="small muted">
        POST /admin/oauth2/api/v1/imports
        {rows.some((r) => r.deleted_at) ? " · deleted_at is set to the moment you submit" : ""}
      </p>
      {/* Scrollable, so it must be reachable and scrollable from the keyboard. */}
      <pre tabIndex={0} aria-label="Import JSON">
        <code>{JSON.stringify(body, null, 2)}</code>
      </pre>
    </>
  );
}
