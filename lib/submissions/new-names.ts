// The one rule for names the service would create. The service makes a new campaign or fund for
// any name it does not hold, so a slip (a picker's "Create new fund “Food”", a typo in a file)
// would quietly become a new fund holding restricted money. Every submission, from the editor or
// from bulk, passes through requireConfirmedNames before anything is stored: a name the
// organization does not use (namesInUse) is sent only when the request names it as confirmed.
import "server-only";
import { AppError } from "@/lib/app-error";
import { sql } from "@/lib/db-sql";
import type { ConfirmedName } from "@/lib/splits/schema";

/** `parent` is a campaign named as another campaign's parent: shown apart, confirmed as a campaign. */
export type NameKind = "campaign" | "parent" | "fund";

/** The names in use, by what they can be: a campaign known as a parent is known as a campaign too. */
export type NamesInUse = { campaigns: ReadonlySet<string>; funds: ReadonlySet<string> };

/**
 * The names the organization uses, from the same places as the pickers' knownNames
 * (lib/transactions/read.ts): its gifts' own campaigns and funds (KnownName), its splits
 * (KnownSplit, removed ones too), and rows the app sent that the service imported (a sync or
 * read-back may not have brought them into the copy yet); a campaign's parent counts as a
 * campaign, and General is always a fund. One statement, nothing sorted, no ids: with `only`, it
 * answers just about those names (a submission asks about the few its rows give; the whole lists
 * for an organization of many names took most of the time a Send waited for, bench/RESULTS.md).
 */
export async function namesInUse(
  connectionId: string,
  only?: { campaigns: readonly string[]; funds: readonly string[] },
): Promise<NamesInUse> {
  // null: every name. Names are compared exactly, as the service does.
  const campaigns = only ? [...only.campaigns] : null;
  const funds = only ? [...only.funds] : null;
  const [found] = await sql<{ campaigns: string[]; funds: string[] }>`
    WITH placed AS (
      SELECT k.campaign, k."parentCampaign", k.fund
        FROM "KnownSplit" AS k
       WHERE k."connectionId" = ${connectionId}::uuid
         AND (${campaigns}::text[] IS NULL OR k.campaign = ANY(${campaigns}::text[])
              OR k."parentCampaign" = ANY(${campaigns}::text[]) OR k.fund = ANY(${funds}::text[]))
      UNION
      SELECT r.campaign, r."parentCampaign", r.fund
        FROM "SubmissionRow" AS r JOIN "Submission" AS s ON s.id = r."submissionId"
       WHERE s."connectionId" = ${connectionId}::uuid AND r.outcome = 'imported' AND NOT r.deleted
         AND (${campaigns}::text[] IS NULL OR r.campaign = ANY(${campaigns}::text[])
              OR r."parentCampaign" = ANY(${campaigns}::text[]) OR r.fund = ANY(${funds}::text[]))
    ), named AS (
      SELECT n.kind::text AS kind, n.name
        FROM "KnownName" AS n
       WHERE n."connectionId" = ${connectionId}::uuid AND n.kind IN ('campaign', 'fund')
         AND (${campaigns}::text[] IS NULL OR n.name = ANY(${campaigns}::text[]) OR n.name = ANY(${funds}::text[]))
    )
    SELECT
      ARRAY(
        SELECT name FROM named WHERE kind = 'campaign'
        UNION SELECT campaign FROM placed
        -- A parent is known only beside a campaign (knownNames keeps parents on their campaigns).
        UNION SELECT "parentCampaign" FROM placed WHERE campaign <> ''
      ) AS campaigns,
      ARRAY(SELECT name FROM named WHERE kind = 'fund' UNION SELECT fund FROM placed) AS funds`;
  // Blank and missing are no name (the pickers' rule: knownNames skips them).
  const named = (names: readonly (string | null)[] | undefined) => names?.filter((n): n is string => !!n) ?? [];
  return {
    campaigns: new Set(named(found?.campaigns)),
    funds: new Set(["General", ...named(found?.funds)]),
  };
}

type NamedRow = { campaign?: string | undefined; parentCampaign?: string | undefined; fund: string };

/** The names the rows give that are not in use, each once, in the order they first appear. */
export function unusedNames(
  allocations: readonly { rows: readonly NamedRow[] }[],
  inUse: NamesInUse,
): { kind: NameKind; name: string }[] {
  const found = new Map<string, { kind: NameKind; name: string }>();
  const note = (kind: NameKind, name: string | undefined) => {
    if (!name) return;
    const known = kind === "fund" ? inUse.funds.has(name) : inUse.campaigns.has(name);
    const key = `${kind === "fund" ? "fund" : "campaign"}:${name}`;
    if (!known && !found.has(key)) found.set(key, { kind, name });
  };
  for (const allocation of allocations) {
    for (const row of allocation.rows) {
      note("campaign", row.campaign);
      note("parent", row.parentCampaign);
      note("fund", row.fund);
    }
  }
  return [...found.values()];
}

/** Whether the admin confirmed creating this name (a parent is confirmed as a campaign). */
function isConfirmed(name: { kind: NameKind; name: string }, confirmed: readonly ConfirmedName[]): boolean {
  const kind = name.kind === "fund" ? "fund" : "campaign";
  return confirmed.some((c) => c.kind === kind && c.name === name.name);
}

/**
 * Refuses (409, naming them) allocations that would create a campaign or fund the admin did not
 * confirm. Called before anything is stored, so a refusal leaves no submission and no batch.
 */
export async function requireConfirmedNames(
  connectionId: string,
  allocations: readonly { rows: readonly NamedRow[] }[],
  confirmed: readonly ConfirmedName[],
): Promise<void> {
  // Only the names the rows give that are not confirmed need asking about.
  const asked = unusedNames(allocations, { campaigns: new Set(), funds: new Set() }).filter(
    (n) => !isConfirmed(n, confirmed),
  );
  if (asked.length === 0) return;
  const inUse = await namesInUse(connectionId, {
    campaigns: asked.filter((n) => n.kind !== "fund").map((n) => n.name),
    funds: asked.filter((n) => n.kind === "fund").map((n) => n.name),
  });
  const unconfirmed = unusedNames(allocations, inUse).filter((n) => !isConfirmed(n, confirmed));
  if (unconfirmed.length === 0) return;
  throw newNamesRefusal(unconfirmed, unconfirmed.length, "Tick each new name in the review to create it");
}

/** The 409 both paths give: the first five names, how many more, and what to do. */
export function newNamesRefusal(
  names: readonly { kind: NameKind; name: string }[],
  total: number,
  todo: string,
): AppError {
  const listed = names.slice(0, 5).map(describeNewName).join(", ");
  const more = total > 5 ? ` and ${(total - 5).toLocaleString("en-US")} more` : "";
  return new AppError(
    "conflict",
    `Sending would create ${listed}${more} at the service. ${todo}, or choose a name the organization uses. Nothing was sent.`,
    { newNames: names.slice(0, 5), total },
  );
}

export function describeNewName(n: { kind: NameKind; name: string }): string {
  return `${n.kind === "parent" ? "parent campaign" : n.kind} “${n.name}”`;
}
