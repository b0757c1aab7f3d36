// What sending a bulk draft changes at the service, in money: per campaign and fund, what the
// draft's gifts hold there now and what they will hold after, before the admin presses Send (the
// editor's review does the same for one gift). Two statements over the stored allocations and
// the synced copy, whatever the draft's size.
import "server-only";
import { sql } from "@/lib/db-sql";

export type MoneyMove = { campaign: string | null; fund: string; beforeCents: number; afterCents: number };

/** At most this many places are listed, largest change first; the rest are counted. */
export const MAX_MOVES = 40;

type Sum = { campaign: string | null; fund: string; cents: bigint | number | string };

export async function moneyMoves(
  connectionId: string,
  draftId: string,
): Promise<{ moves: MoneyMove[]; more: number; currency: string | null }> {
  const [after, before, currencies] = await Promise.all([
    sql<Sum>`
      SELECT coalesce(r.row ->> 'campaign', 'campaign id ' || (r.row ->> 'campaignId')) AS campaign,
             r.row ->> 'fund' AS fund,
             sum((r.row ->> 'amount')::bigint * (r.row ->> 'quantity')::bigint) AS cents
      FROM "BulkDraftItem" i
      JOIN "BulkDraft" d ON d.id = i."draftId" AND d."connectionId" = ${connectionId}::uuid
      CROSS JOIN LATERAL jsonb_array_elements(i.allocation -> 'rows') AS r(row)
      WHERE i."draftId" = ${draftId}::uuid AND i.valid
      GROUP BY 1, 2`,
    // A gift that is split holds its money in its active splits; one that is not, in itself.
    sql<Sum>`
      WITH gifts AS (
        SELECT DISTINCT i."transactionId" FROM "BulkDraftItem" i
        JOIN "BulkDraft" d ON d.id = i."draftId" AND d."connectionId" = ${connectionId}::uuid
        WHERE i."draftId" = ${draftId}::uuid AND i.valid
      )
      SELECT campaign, fund, sum(cents) AS cents FROM (
        SELECT s.campaign, s.fund, s."unitAmountCents" * s.quantity AS cents
        FROM "KnownSplit" s JOIN gifts g ON g."transactionId" = s."transactionId"
        WHERE s."connectionId" = ${connectionId}::uuid AND s."deletedAt" IS NULL
        UNION ALL
        SELECT t.campaign, coalesce(t.fund, 'General'), t."amountCents"
        FROM "KnownTransaction" t JOIN gifts g ON g."transactionId" = t."transactionId"
        WHERE t."connectionId" = ${connectionId}::uuid AND NOT EXISTS (
          SELECT 1 FROM "KnownSplit" s
          WHERE s."connectionId" = t."connectionId" AND s."transactionId" = t."transactionId" AND s."deletedAt" IS NULL
        )
      ) held
      GROUP BY 1, 2`,
    sql<{ currency: string }>`
      SELECT DISTINCT t.currency FROM "KnownTransaction" t
      JOIN "BulkDraftItem" i ON i."transactionId" = t."transactionId"
      WHERE i."draftId" = ${draftId}::uuid AND i.valid AND t."connectionId" = ${connectionId}::uuid
      LIMIT 2`,
  ]);
  const places = new Map<string, MoneyMove>();
  const at = (s: Sum) => {
    const key = `${s.campaign ?? ""}\u0000${s.fund}`;
    let move = places.get(key);
    if (!move) places.set(key, (move = { campaign: s.campaign, fund: s.fund, beforeCents: 0, afterCents: 0 }));
    return move;
  };
  for (const s of before) at(s).beforeCents += Number(s.cents);
  for (const s of after) at(s).afterCents += Number(s.cents);
  const changed = [...places.values()]
    .filter((m) => m.beforeCents !== m.afterCents)
    .sort((a, b) => Math.abs(b.afterCents - b.beforeCents) - Math.abs(a.afterCents - a.beforeCents));
  // Sums of several currencies would mean nothing: then no currency is given and amounts are not summed on screen.
  const [only, second] = currencies;
  return {
    moves: changed.slice(0, MAX_MOVES),
    more: Math.max(0, changed.length - MAX_MOVES),
    currency: only && !second ? only.currency : null,
  };
}
