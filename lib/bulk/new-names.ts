// Names a bulk allocation would create at the service. The service makes a new campaign or fund
// for any name it does not hold, so a typo in a file or a rule ("Operatons") would quietly become
// a new fund holding restricted money. The preview lists each new name with the known name it
// nearly matches, and the draft is sent only when the admin has confirmed every one of them.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { matchName } from "@/lib/splits/near-names";
import { knownNames } from "@/lib/transactions/read";

export type NameKind = "campaign" | "parent" | "fund";

export type NewName = {
  kind: NameKind;
  name: string;
  /** How many of the draft's sendable transactions use it. */
  transactions: number;
  /** The known name it nearly matches (case, spacing, a letter or two), when there is one. */
  nearMatch: string | null;
};

export const confirmedNamesSchema = z
  .array(z.object({ kind: z.enum(["campaign", "parent", "fund"]), name: z.string().max(200) }))
  .max(1_000)
  .default([]);
export type ConfirmedName = z.infer<typeof confirmedNamesSchema>[number];

type Used = { kind: NameKind; name: string; transactions: number };

/** Every name the draft's sendable rows give that the organization is not known to hold. */
export async function newNamesIn(connectionId: string, draftId: string): Promise<NewName[]> {
  // One statement over the stored allocations: a draft of 10,000 gifts uses a handful of names.
  const used = await db().$queryRaw<Used[]>`
    SELECT n.kind, n.name, count(DISTINCT i.id)::int AS transactions
    FROM "BulkDraftItem" i
    CROSS JOIN LATERAL jsonb_array_elements(i.allocation -> 'rows') AS r(row)
    CROSS JOIN LATERAL (VALUES
      ('campaign', r.row ->> 'campaign'),
      ('parent', r.row ->> 'parentCampaign'),
      ('fund', r.row ->> 'fund')
    ) AS n(kind, name)
    WHERE i."draftId" = ${draftId}::uuid AND i.valid AND coalesce(n.name, '') <> ''
    GROUP BY n.kind, n.name
    ORDER BY n.kind, n.name`;
  if (used.length === 0) return [];
  const known = await knownNames(connectionId);
  // A parent is a campaign: a known campaign (or a known parent) is known under either role.
  const campaigns = uniqueNames([...known.campaigns.map((c) => c.name), ...known.campaigns.map((c) => c.parent)]);
  const funds = uniqueNames(known.funds.map((f) => f.name));
  return used
    .map((u) => ({ ...u, match: matchName(u.name, u.kind === "fund" ? funds : campaigns, 1) }))
    .filter((u) => u.match.exact === null)
    .map(({ kind, name, transactions, match }) => ({
      kind,
      name,
      transactions,
      nearMatch: match.near[0]?.name ?? null,
    }));
}

/** The new names the admin has not confirmed; empty when sending may go ahead. */
export function unconfirmed(newNames: readonly NewName[], confirmed: readonly ConfirmedName[]): NewName[] {
  const yes = new Set(confirmed.map((c) => `${c.kind}\u0000${c.name}`));
  return newNames.filter((n) => !yes.has(`${n.kind}\u0000${n.name}`));
}

export function describeNewName(n: Pick<NewName, "kind" | "name">): string {
  return `${n.kind === "parent" ? "parent campaign" : n.kind} “${n.name}”`;
}

function uniqueNames(names: readonly (string | null)[]): { name: string }[] {
  return [...new Set(names.filter((n): n is string => !!n))].map((name) => ({ name }));
}
