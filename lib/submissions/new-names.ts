// The one rule for names the service would create. The service makes a new campaign or fund for
// any name it does not hold, so a slip (a picker's "Create new fund “Food”", a typo in a file)
// would quietly become a new fund holding restricted money. Every submission, from the editor or
// from bulk, passes through requireConfirmedNames before anything is stored: a name the
// organization does not use (knownNames) is sent only when the request names it as confirmed.
import "server-only";
import { AppError } from "@/lib/app-error";
import { knownNames } from "@/lib/transactions/read";
import type { ConfirmedName } from "@/lib/splits/schema";

/** `parent` is a campaign named as another campaign's parent: shown apart, confirmed as a campaign. */
export type NameKind = "campaign" | "parent" | "fund";

/** The names in use, by what they can be: a campaign known as a parent is known as a campaign too. */
export type NamesInUse = { campaigns: ReadonlySet<string>; funds: ReadonlySet<string> };

export async function namesInUse(connectionId: string): Promise<NamesInUse> {
  const known = await knownNames(connectionId);
  return {
    campaigns: new Set(known.campaigns.flatMap((c) => (c.parent ? [c.name, c.parent] : [c.name]))),
    funds: new Set(known.funds.map((f) => f.name)),
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
  const unconfirmed = unusedNames(allocations, await namesInUse(connectionId)).filter(
    (n) => !isConfirmed(n, confirmed),
  );
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
