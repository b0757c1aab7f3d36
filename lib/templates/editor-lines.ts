// Between a template's lines and the split editor's: a template applied to the gift in the editor
// (its cents by templateShares, the split ids the editor's own way), and the editor's lines (or
// another gift's splits) saved as a template of shares of the gift, the last line taking the rest.
import { formatBasisPoints, WHOLE } from "@/lib/bulk/basis-points";
import { centsToInput } from "@/lib/splits/money";
import { type EditorLine, type NameChoice, NO_NAME } from "@/lib/splits/editor-lines";
import { knownName } from "@/lib/splits/gift-lines";
import type { Placement } from "@/lib/splits/placement";
import { nextSplitId } from "@/lib/splits/split-ids";
import type { TemplateInput, TemplateLine } from "./schema";
import { templateShares } from "./shares";

type Named = { name: string; id: string | null };

/** The template's lines for a gift of `totalCents`: lines re-use `splitIds` in order, new ones get
 *  ids past every id taken; the split ids left over are to be removed. */
export function linesFromTemplate(
  template: readonly TemplateLine[],
  gift: { totalCents: number; ref: string; home: Placement },
  splitIds: readonly string[],
  taken: readonly string[],
  known: { campaigns: readonly Named[]; funds: readonly Named[] },
): { ok: true; lines: EditorLine[]; removed: string[] } | { ok: false; error: string } {
  const shares = templateShares(gift.totalCents, template);
  if (!shares.ok) return shares;
  // The ids re-used count as taken: a gift shown as one line ("ref:1") given a two-line template
  // must not get "ref:1" again for its second line.
  const used = [...taken, ...splitIds];
  const lines: EditorLine[] = [];
  template.forEach((line, index) => {
    const cents = shares.cents[index] ?? 0;
    if (cents <= 0) return; // the service refuses amounts of 0
    let splitId = splitIds[lines.length];
    if (!splitId) {
      splitId = nextSplitId(gift.ref, used);
      used.push(splitId);
    }
    // A blank campaign keeps the gift's own, as a bulk rule's and a new line's do.
    const campaign = line.campaign
      ? choice(line.campaign, known.campaigns)
      : knownName(gift.home.campaign, gift.home.campaignId);
    const parent = line.parentCampaign
      ? choice(line.parentCampaign, known.campaigns)
      : line.campaign
        ? NO_NAME
        : knownName(gift.home.parentCampaign, gift.home.parentCampaignId);
    lines.push({
      splitId,
      amount: centsToInput(cents),
      percent: "",
      source: "amount",
      quantity: "1",
      campaign,
      parent,
      fund: choice(line.fund, known.funds),
    });
  });
  return { ok: true, lines, removed: splitIds.slice(lines.length) };
}

function choice(name: string, known: readonly Named[]): NameChoice {
  const found = known.find((k) => k.name === name);
  return found ? { name, id: found.id ?? "", status: "known" } : { name, id: "", status: "new" };
}

type Part = { cents: number; campaign: string; parentCampaign: string; fund: string };

/** Parts of a total as a template's lines: each a share of the total in basis points, the line at
 *  `rest` (the one the admin chose; the last by default) taking the rest, so it fits gifts of any
 *  size. Each share is the smallest that gives this gift its cents back (rounded down when no
 *  share of basis points can): a template saved from 70.01 / 30.00 of $100.01 applies as
 *  70.01 / 30.00 to that gift, where shares rounded down made it 70.00 / 30.01. */
export function templateLinesFrom(
  parts: readonly Part[],
  totalCents: number,
  rest = parts.length - 1,
): TemplateInput["lines"] {
  return parts.map((part, index) => {
    const names = { campaign: part.campaign, parentCampaign: part.parentCampaign, fund: part.fund };
    if (index === rest) return { kind: "remainder", figure: "", ...names };
    return { kind: "percent", figure: formatBasisPoints(shareOf(part.cents, totalCents)), ...names };
  });
}

/** The basis points of `cents` in `total` that templateShares turns back into `cents` exactly. */
function shareOf(cents: number, total: number): number {
  const up = Math.ceil((cents * WHOLE) / total);
  if (up <= WHOLE && Math.floor((up * total) / WHOLE) === cents) return Math.max(1, up);
  return Math.max(1, Math.floor((cents * WHOLE) / total));
}
