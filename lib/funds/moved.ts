// What Apportion moved in a date range, per fund: the money the changed gifts held there before
// and after, from the snapshot each submission stored of its gifts (SubmissionGift.before/after,
// lib/submissions/snapshot.ts), so the figure does not depend on the copy, which a later sync
// rewrites. Counted: the submissions sent in the range whose every row the service imported and
// whose read-back did not find the service holding something else (Verified, Checking, Could not
// verify); a change with dropped rows or that Differs did not move what it says, and History
// shows it.
import "server-only";
import { sql, utcInstant } from "@/lib/db-sql";
import type { FundsRange } from "./range";

export type FundMove = { fund: string; currency: string; beforeCents: number; afterCents: number };
export type MovedSummary = { moves: FundMove[]; submissions: number; gifts: number };

/** pg gives int8 as text. */
type Row = { fund: string; currency: string; before: string; after: string };

export async function movedByFund(
  connectionId: string,
  range: Pick<FundsRange, "start" | "end">,
): Promise<MovedSummary> {
  const [rows, counts] = await Promise.all([
    sql<Row>`
      WITH changed AS (
        SELECT g.currency, g.before, g.after
        FROM "Submission" s JOIN "SubmissionGift" g ON g."submissionId" = s.id
        WHERE s."connectionId" = ${connectionId}::uuid
          AND s."createdAt" >= ${utcInstant(range.start)} AND s."createdAt" < ${utcInstant(range.end)}
          AND s.status = 'complete' AND s.verification IS DISTINCT FROM 'differs'
      ), holdings AS (
        SELECT c.currency, h ->> 'fund' AS fund, (h ->> 'amountCents')::bigint AS before, 0::bigint AS after
        FROM changed c CROSS JOIN LATERAL jsonb_array_elements(c.before) AS h
        UNION ALL
        SELECT c.currency, h ->> 'fund', 0, (h ->> 'amountCents')::bigint
        FROM changed c CROSS JOIN LATERAL jsonb_array_elements(c.after) AS h
      )
      -- A whole gift that named no fund was in "General", the service's default.
      SELECT coalesce(fund, 'General') AS fund, currency, sum(before)::bigint AS before, sum(after)::bigint AS after
      FROM holdings GROUP BY 1, 2`,
    sql<{ submissions: string; gifts: string }>`
      SELECT count(DISTINCT s.id) AS submissions, count(g.id) AS gifts
      FROM "Submission" s JOIN "SubmissionGift" g ON g."submissionId" = s.id
      WHERE s."connectionId" = ${connectionId}::uuid
        AND s."createdAt" >= ${utcInstant(range.start)} AND s."createdAt" < ${utcInstant(range.end)}
        AND s.status = 'complete' AND s.verification IS DISTINCT FROM 'differs'`,
  ]);
  const moves = rows
    .map((r) => ({ fund: r.fund, currency: r.currency, beforeCents: Number(r.before), afterCents: Number(r.after) }))
    // A fund whose money only changed campaign (or went out and back) did not move.
    .filter((m) => m.beforeCents !== m.afterCents)
    .sort(
      (a, b) =>
        Math.abs(b.afterCents - b.beforeCents) - Math.abs(a.afterCents - a.beforeCents) || a.fund.localeCompare(b.fund),
    );
  const [count] = counts;
  return { moves, submissions: Number(count?.submissions ?? 0), gifts: Number(count?.gifts ?? 0) };
}
