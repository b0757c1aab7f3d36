// For History's rows of many gifts: each submission's net change per fund (or per campaign when
// no fund's money changed, as a single gift's move is told) summed over every gift's snapshot in
// SQL, and where each submission came from (its bulk draft, or its inbox items and their
// templates). One statement each for the whole page.
import "server-only";
import { sql } from "@/lib/db-sql";
import { DEFAULT_CAMPAIGN, NO_FUND, type PlaceChange, type SnapshotHolding } from "./moves";
import type { SubmissionOrigin } from "./origin";

export type SubmissionChanges = { currency: string; by: "fund" | "campaign"; changes: PlaceChange[] };

/** pg gives int8 as text. */
type ChangeRow = Pick<SnapshotHolding, "fund" | "campaign"> & {
  submissionId: string;
  currency: string;
  byCampaign: number;
  cents: string;
};

/** Each submission's changes in its main currency (the one most money moved in), largest first. */
export async function changesOf(submissionIds: readonly string[]): Promise<Map<string, SubmissionChanges>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await sql<ChangeRow>`
    WITH h AS (
      SELECT g."submissionId", g.currency, x ->> 'fund' AS fund, x ->> 'campaign' AS campaign,
             -(x ->> 'amountCents')::bigint AS cents
        FROM "SubmissionGift" g CROSS JOIN LATERAL jsonb_array_elements(g.before) AS x
       WHERE g."submissionId" = ANY(${[...submissionIds]}::uuid[])
      UNION ALL
      SELECT g."submissionId", g.currency, x ->> 'fund', x ->> 'campaign', (x ->> 'amountCents')::bigint
        FROM "SubmissionGift" g CROSS JOIN LATERAL jsonb_array_elements(g.after) AS x
       WHERE g."submissionId" = ANY(${[...submissionIds]}::uuid[])
    )
    SELECT "submissionId", currency, GROUPING(fund)::int AS "byCampaign", fund, campaign, sum(cents)::text AS cents
      FROM h
     GROUP BY GROUPING SETS (("submissionId", currency, fund), ("submissionId", currency, campaign))
    HAVING sum(cents) <> 0`;
  const out = new Map<string, SubmissionChanges>();
  for (const id of submissionIds) {
    const mine = rows.filter((r) => r.submissionId === id);
    const byFund = mine.filter((r) => r.byCampaign === 0);
    const chosen = byFund.length > 0 ? byFund : mine;
    if (chosen.length === 0) continue;
    const moved = new Map<string, number>();
    for (const r of chosen) {
      if (Number(r.cents) > 0) moved.set(r.currency, (moved.get(r.currency) ?? 0) + Number(r.cents));
    }
    const currency = [...moved].sort((a, b) => b[1] - a[1])[0]?.[0] ?? chosen[0]!.currency;
    out.set(id, {
      currency,
      by: byFund.length > 0 ? "fund" : "campaign",
      changes: chosen
        .filter((r) => r.currency === currency)
        .map((r) => ({
          name: byFund.length > 0 ? (r.fund ?? NO_FUND) : (r.campaign ?? DEFAULT_CAMPAIGN),
          cents: Number(r.cents),
        }))
        .sort((a, b) => Math.abs(b.cents) - Math.abs(a.cents) || a.name.localeCompare(b.name)),
    });
  }
  return out;
}

/** Where each submission came from: a bulk draft, inbox items (their templates' names), or the editor. */
export async function originsOf(
  connectionId: string,
  submissions: readonly { id: string; bulkDrafts: readonly { id: string; label: string; source: "csv" | "rule" }[] }[],
): Promise<Map<string, SubmissionOrigin>> {
  const ids = submissions.map((s) => s.id);
  const inbox =
    ids.length === 0
      ? []
      : await sql<{ submissionId: string; automatic: boolean; templates: string[] }>`
          SELECT i."submissionId", bool_or(i."sentAutomatically") AS automatic,
                 coalesce(array_agg(DISTINCT t.name ORDER BY t.name) FILTER (WHERE t.name IS NOT NULL), '{}') AS templates
            FROM "InboxItem" i LEFT JOIN "AllocationTemplate" t ON t.id = i."templateId"
           WHERE i."connectionId" = ${connectionId}::uuid AND i."submissionId" = ANY(${ids}::uuid[])
           GROUP BY i."submissionId"`;
  const fromInbox = new Map(inbox.map((r) => [r.submissionId, r]));
  return new Map(
    submissions.map((s): [string, SubmissionOrigin] => {
      const draft = s.bulkDrafts[0];
      if (draft) return [s.id, { kind: draft.source, draftId: draft.id, label: draft.label }];
      const items = fromInbox.get(s.id);
      if (items) return [s.id, { kind: "template", templates: items.templates, automatic: items.automatic }];
      return [s.id, { kind: "editor" }];
    }),
  );
}
