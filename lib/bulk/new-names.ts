// Names a bulk allocation would create at the service. The service makes a new campaign or fund
// for any name it does not hold, so a typo in a file or a rule ("Operatons") would quietly become
// a new fund holding restricted money. The preview lists each new name with the known name it
// nearly matches, and the draft is sent only when the admin has confirmed every one of them.
import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import { matchName } from "@/lib/splits/near-names";
import { knownNames } from "@/lib/transactions/read";
import { draftFor } from "./drafts";

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

const FIELDS: Record<NameKind, { name: string; id: string }> = {
  campaign: { name: "campaign", id: "campaignId" },
  parent: { name: "parentCampaign", id: "parentCampaignId" },
  fund: { name: "fund", id: "fundId" },
};

/**
 * The preview's "Use “Operations”": every sendable line of the draft that gives `from` takes the
 * known name `to` (with its id when the app knows one) instead. Only names the organization
 * already uses can be put in, and only while the draft is not sent. Returns the lines changed.
 */
export async function replaceNewName(
  connectionId: string,
  draftId: string,
  change: { kind: NameKind; from: string; to: string },
): Promise<number> {
  const known = await knownNames(connectionId);
  const target =
    change.kind === "fund"
      ? known.funds.find((f) => f.name === change.to)
      : known.campaigns.find((c) => c.name === change.to);
  if (!target) {
    throw new AppError(
      "invalid_input",
      `“${change.to}” is not a ${change.kind === "parent" ? "campaign" : change.kind} this organization uses.`,
    );
  }
  const draft = await draftFor(connectionId, draftId);
  if (draft.status !== "ready")
    throw new AppError("conflict", "This allocation is being sent or was sent: it cannot change now.");
  const { name, id } = FIELDS[change.kind];
  const withId = target.id ? { [id]: target.id } : {};
  // One statement over the stored allocations, and only while the draft is still ready to send.
  return db().$executeRaw`
    UPDATE "BulkDraftItem" i
    SET allocation = jsonb_set(i.allocation, '{rows}', (
      SELECT jsonb_agg(
        CASE WHEN e.row ->> ${name} = ${change.from}
          THEN (e.row - ${id}) || jsonb_build_object(${name}::text, ${change.to}::text) || ${JSON.stringify(withId)}::jsonb
          ELSE e.row END
        ORDER BY e.position)
      FROM jsonb_array_elements(i.allocation -> 'rows') WITH ORDINALITY AS e(row, position)
    ))
    WHERE i."draftId" = ${draft.id}::uuid
      AND i.valid
      AND i.allocation -> 'rows' @> ${JSON.stringify([{ [name]: change.from }])}::jsonb
      AND EXISTS (SELECT 1 FROM "BulkDraft" d WHERE d.id = i."draftId" AND d.status = 'ready')`;
}
