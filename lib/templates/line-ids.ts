// Campaign and fund ids on a template's lines (and on the allocations it proposes) must be ids the
// organization's own copy knows (knownNames: its gifts, splits and imported rows); a line may also
// give no id, only a name (the new-name rule then asks the admin). An id typed by hand, or one
// another organization uses, would otherwise be sent as it is by "Send automatically". Checked
// when a template is saved (store.ts) and again just before the worker sends (auto-send.ts).
import "server-only";
import { z } from "zod";
import { knownNames } from "@/lib/transactions/read";

export type IdField = "campaignId" | "parentCampaignId" | "fundId";
type WithIds = { campaignId?: string | undefined; parentCampaignId?: string | undefined; fundId?: string | undefined };

export type KnownIds = { campaigns: ReadonlySet<string>; funds: ReadonlySet<string> };

const LABEL: Record<IdField, string> = {
  campaignId: "campaign id",
  parentCampaignId: "parent campaign id",
  fundId: "fund id",
};

export async function knownIds(connectionId: string): Promise<KnownIds> {
  const known = await knownNames(connectionId);
  const campaigns = new Set<string>();
  for (const c of known.campaigns) {
    if (c.id) campaigns.add(c.id);
    if (c.parentId) campaigns.add(c.parentId);
  }
  return { campaigns, funds: new Set(known.funds.flatMap((f) => (f.id ? [f.id] : []))) };
}

/** Each id of the lines the organization's copy does not know, with its line (0-based). */
export function unknownIds(lines: readonly WithIds[], known: KnownIds): { line: number; field: IdField; id: string }[] {
  return lines.flatMap((line, index) =>
    (Object.keys(LABEL) as IdField[]).flatMap((field) => {
      const id = line[field];
      const set = field === "fundId" ? known.funds : known.campaigns;
      return id && !set.has(id) ? [{ line: index, field, id }] : [];
    }),
  );
}

/** The sentence for one unknown id, naming its line and field. */
export function unknownIdMessage(problem: { line: number; field: IdField; id: string }): string {
  return `Line ${problem.line + 1}, ${LABEL[problem.field]}: “${problem.id}” is not one this organization uses. Leave the id blank and give the name.`;
}

/** Refuses (422, each field named as the form names it) a template whose lines give unknown ids. */
export async function requireKnownIds(connectionId: string, lines: readonly WithIds[]): Promise<void> {
  const problems = unknownIds(lines, await knownIds(connectionId));
  if (problems.length === 0) return;
  throw new z.ZodError(
    problems.map((p) => ({
      code: "custom" as const,
      path: ["lines", p.line, p.field],
      message: unknownIdMessage(p),
      input: p.id,
    })),
  );
}
