// What approving a selection of inbox items moves, as the editor's review tells it: per fund the
// money the selection's gifts hold there now and after (their active splits in the copy, or the
// gift whole in its own fund, "General" when it names none), and the money that moves between
// funds (per gift, what leaves the funds it shrinks). Summed in one statement over every stored
// proposal of the selection, not only the page shown.
import "server-only";
import { sql } from "@/lib/db-sql";
import { selectedItems } from "./inbox-selection";

export type SelectionFund = { fund: string; currency: string; beforeCents: number; afterCents: number };
export type SelectionMoves = { funds: SelectionFund[]; movedCents: number; currency: string | null };

// int8 sums arrive as text from the pool.
type Row = { fund: string; currency: string; before: string; after: string; moved: string };

export async function selectionMoves(connectionId: string, items: "all" | readonly string[]): Promise<SelectionMoves> {
  const rows = await sql<Row>`
    WITH gift AS (
      SELECT i.allocation ->> 'transactionId' AS tid, i.allocation ->> 'currency' AS currency, i.allocation
        FROM (${selectedItems(connectionId, items)}) i
    ), holding AS (
      SELECT g.tid, g.currency, r.row ->> 'fund' AS fund, 0::bigint AS before,
             (r.row ->> 'amount')::bigint * coalesce((r.row ->> 'quantity')::int, 1) AS after
        FROM gift g CROSS JOIN LATERAL jsonb_array_elements(g.allocation -> 'rows') AS r(row)
      UNION ALL
      SELECT g.tid, g.currency, s.fund, s."unitAmountCents" * s.quantity, 0
        FROM gift g JOIN "KnownSplit" s
          ON s."connectionId" = ${connectionId}::uuid AND s."transactionId" = g.tid AND s."deletedAt" IS NULL
      UNION ALL
      SELECT g.tid, g.currency, coalesce(t.fund, 'General'), t."amountCents", 0
        FROM gift g JOIN "KnownTransaction" t ON t."connectionId" = ${connectionId}::uuid AND t."transactionId" = g.tid
       WHERE NOT EXISTS (SELECT 1 FROM "KnownSplit" s WHERE s."connectionId" = ${connectionId}::uuid
                           AND s."transactionId" = g.tid AND s."deletedAt" IS NULL)
    ), per_gift AS (
      SELECT tid, currency, fund, sum(before) AS before, sum(after) AS after FROM holding GROUP BY tid, currency, fund
    )
    SELECT fund, currency, sum(before)::bigint AS before, sum(after)::bigint AS after,
           sum(greatest(before - after, 0))::bigint AS moved
      FROM per_gift GROUP BY fund, currency`;
  const moved = new Map<string, number>();
  for (const r of rows) moved.set(r.currency, (moved.get(r.currency) ?? 0) + Number(r.moved));
  const currency = [...moved].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  return {
    currency,
    movedCents: currency ? (moved.get(currency) ?? 0) : 0,
    funds: rows
      .map((r) => ({
        fund: r.fund,
        currency: r.currency,
        beforeCents: Number(r.before),
        afterCents: Number(r.after),
      }))
      .sort(
        (a, b) =>
          Math.abs(b.afterCents - b.beforeCents) - Math.abs(a.afterCents - a.beforeCents) ||
          a.fund.localeCompare(b.fund),
      ),
  };
}
