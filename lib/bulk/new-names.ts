// Names a bulk allocation would create at the service. The service makes a new campaign or fund
// for any name it does not hold, so a typo in a file or a rule ("Operatons") would quietly become
// a new fund holding restricted money. The preview lists the new names with the known name each
// nearly matches, and the draft is sent only when the admin has confirmed the list as shown: the
// confirmation is a digest of the whole list, so it stays small however many names there are, and
// a list that changed since (another part, a name replaced) needs confirming again.
import "server-only";
import { AppError } from "@/lib/app-error";
import { execute, fragment, sql } from "@/lib/db-sql";
import { matchName } from "@/lib/splits/near-names";
import { knownNames } from "@/lib/transactions/read";
import { type NameKind, namesInUse, newNamesRefusal } from "@/lib/submissions/new-names";
import { draftFor } from "./drafts";

export type NewName = {
  kind: NameKind;
  name: string;
  /** How many of the draft's sendable transactions use it. */
  transactions: number;
  /** The known name it nearly matches (case, spacing, a letter or two), when there is one. */
  nearMatch: string | null;
};

export type NewNames = {
  /** The first of them (by kind, then name), each with its near match. */
  names: NewName[];
  total: number;
  /** What Send must bring back to say "create these"; "" when there are none. */
  digest: string;
};

/** Names listed, each compared with every known name; the rest are counted and confirmed with them. */
export const MAX_NEW_NAMES_SHOWN = 100;

export const NO_NEW_NAMES: NewNames = { names: [], total: 0, digest: "" };

/** Every name the draft's sendable rows give that the organization is not known to use. */
export async function newNamesIn(connectionId: string, draftId: string): Promise<NewNames> {
  // The same names in use as every submission's check (lib/submissions/new-names.ts).
  const inUse = await namesInUse(connectionId);
  const campaigns = [...inUse.campaigns];
  const funds = [...inUse.funds];
  // One statement over the stored allocations, scoped to the connection, known names left out in
  // SQL; the names used are gathered once (a CTE read three times is computed once).
  const [found] = await sql<{
    total: number;
    digest: string | null;
    shown: { kind: NameKind; name: string; transactions: number }[];
  }>`
    WITH used AS (${usedNames(connectionId, draftId, campaigns, funds)})
    SELECT
      (SELECT count(*)::int FROM used) AS total,
      (SELECT md5(string_agg(kind || ':' || name, E'\n' ORDER BY kind, name)) FROM used) AS digest,
      (SELECT coalesce(json_agg(listed), '[]'::json)
         FROM (SELECT kind, name, transactions FROM used ORDER BY kind, name LIMIT ${MAX_NEW_NAMES_SHOWN}) listed
      ) AS shown`;
  const knownAs = { campaign: campaigns.map((name) => ({ name })), fund: funds.map((name) => ({ name })) };
  return {
    names: (found?.shown ?? []).map((u) => ({
      ...u,
      nearMatch: matchName(u.name, u.kind === "fund" ? knownAs.fund : knownAs.campaign, 1).near[0]?.name ?? null,
    })),
    total: found?.total ?? 0,
    digest: found?.digest ?? "",
  };
}

function usedNames(connectionId: string, draftId: string, campaigns: string[], funds: string[]) {
  return fragment`
    SELECT n.kind, n.name, count(DISTINCT i.id)::int AS transactions
    FROM "BulkDraftItem" i
    JOIN "BulkDraft" d ON d.id = i."draftId" AND d."connectionId" = ${connectionId}::uuid
    CROSS JOIN LATERAL jsonb_array_elements(i.allocation -> 'rows') AS r(row)
    CROSS JOIN LATERAL (VALUES
      ('campaign', r.row ->> 'campaign'),
      ('parent', r.row ->> 'parentCampaign'),
      ('fund', r.row ->> 'fund')
    ) AS n(kind, name)
    WHERE i."draftId" = ${draftId}::uuid AND i.valid AND coalesce(n.name, '') <> ''
      AND NOT (CASE WHEN n.kind = 'fund' THEN n.name = ANY(${funds}::text[]) ELSE n.name = ANY(${campaigns}::text[]) END)
    GROUP BY n.kind, n.name`;
}

/** Refuses (409) a draft's send whose new names the admin has not confirmed as they are now. */
export async function requireConfirmedDraftNames(connectionId: string, draftId: string, confirmed: string | undefined) {
  const found = await newNamesIn(connectionId, draftId);
  if (found.total === 0 || confirmed === found.digest) return;
  throw newNamesRefusal(found.names, found.total, "Confirm the new names in the preview");
}

/**
 * The preview's "Use “Operations”": every sendable line of the draft that gives `from` takes the
 * known name `to` (with its id when the app knows one) instead. A campaign brings its own parent
 * (or none), as in the editor: a parent kept from the line would move the known campaign, with
 * every gift in it, under another one. Only names the organization already uses can be put in,
 * and only while the draft is not sent. Returns the transactions changed.
 */
export async function replaceNewName(
  connectionId: string,
  draftId: string,
  change: { kind: NameKind; from: string; to: string },
): Promise<number> {
  const known = await knownNames(connectionId);
  const set = replacementFor(change, known);
  if (!set) {
    throw new AppError(
      "invalid_input",
      `“${change.to}” is not a ${change.kind === "fund" ? "fund" : "campaign"} this organization uses.`,
    );
  }
  const draft = await draftFor(connectionId, draftId);
  if (draft.status !== "ready") {
    throw new AppError("conflict", "This allocation is being sent or was sent: it cannot change now.");
  }
  // One statement over the stored allocations, and only while the draft is still ready to send.
  return execute`
    UPDATE "BulkDraftItem" i
    SET allocation = jsonb_set(i.allocation, '{rows}', (
      SELECT jsonb_agg(
        CASE WHEN e.row ->> ${set.field} = ${change.from}
          THEN (e.row - ${set.drop}::text[]) || ${JSON.stringify(set.put)}::jsonb
          ELSE e.row END
        ORDER BY e.position)
      FROM jsonb_array_elements(i.allocation -> 'rows') WITH ORDINALITY AS e(row, position)
    ))
    WHERE i."draftId" = ${draft.id}::uuid
      AND i.valid
      AND i.allocation -> 'rows' @> ${JSON.stringify([{ [set.field]: change.from }])}::jsonb
      AND EXISTS (SELECT 1 FROM "BulkDraft" d WHERE d.id = i."draftId" AND d.status = 'ready')`;
}

type Known = Awaited<ReturnType<typeof knownNames>>;

/** The JSON field matched, the fields taken out, and what is put in their place. */
function replacementFor(
  change: { kind: NameKind; to: string },
  known: Known,
): { field: string; drop: string[]; put: Record<string, string> } | null {
  const withId = (put: Record<string, string>, key: string, id: string | null) => (id ? { ...put, [key]: id } : put);
  if (change.kind === "fund") {
    const fund = known.funds.find((f) => f.name === change.to);
    return fund ? { field: "fund", drop: ["fundId"], put: withId({ fund: fund.name }, "fundId", fund.id) } : null;
  }
  if (change.kind === "campaign") {
    const campaign = known.campaigns.find((c) => c.name === change.to);
    if (!campaign) return null;
    let put = withId({ campaign: campaign.name }, "campaignId", campaign.id);
    if (campaign.parent)
      put = withId({ ...put, parentCampaign: campaign.parent }, "parentCampaignId", campaign.parentId);
    return { field: "campaign", drop: ["campaignId", "parentCampaign", "parentCampaignId"], put };
  }
  // A parent may be known as a campaign of its own, or only as another campaign's parent.
  const asCampaign = known.campaigns.find((c) => c.name === change.to);
  const asParent = known.campaigns.find((c) => c.parent === change.to);
  if (!asCampaign && !asParent) return null;
  const id = asCampaign?.id ?? asParent?.parentId ?? null;
  return {
    field: "parentCampaign",
    drop: ["parentCampaignId"],
    put: withId({ parentCampaign: change.to }, "parentCampaignId", id),
  };
}
