// The server calls behind the editor's "Copy the split of another gift" and "Save as template",
// apart from the panel (editor-templates.tsx) so it keeps only what it shows and puts in the editor.
import type { SplitEditorState } from "@/components/split-editor/use-split-editor";
import { lineFigures } from "@/lib/splits/editor-lines";
import { templateLinesFrom } from "@/lib/templates/editor-lines";
import { type TemplateLine, templateLineSchema } from "@/lib/templates/schema";
import { fetchGiftWithSplits, saveTemplate } from "@/lib/hooks/template-calls";

/** Another gift's split as shares of a gift, or why there is none (the gift is not split). */
export async function splitOfGift(
  transactionId: string,
): Promise<{ ok: true; lines: TemplateLine[]; what: string } | { ok: false; error: string }> {
  const source = await fetchGiftWithSplits(transactionId);
  if (source.splits.length === 0) return { ok: false, error: "That gift is not split: there is nothing to copy." };
  const parts = source.splits.map((s) => ({
    cents: s.unitAmountCents * s.quantity,
    campaign: s.campaign ?? "",
    parentCampaign: s.parentCampaign ?? "",
    fund: s.fund,
  }));
  const lines = templateLinesFrom(parts, source.amountCents).map((l) => templateLineSchema.parse(l));
  return {
    ok: true,
    lines,
    what: `Copied the split of ${source.contactName ?? source.transactionId} as shares of this gift`,
  };
}

/** Saves the editor's lines as a template named `name`, the line of `restSplitId` taking the rest,
 *  applying to the gift's campaign (or fund). */
export async function saveLinesAsTemplate(
  editor: SplitEditorState,
  name: string,
  restSplitId: string,
): ReturnType<typeof saveTemplate> {
  const { gift } = editor;
  const lines = editor.form.getValues("lines");
  const restIndex = lines.findIndex((l) => l.splitId === restSplitId);
  const parts = lines.map((l) => ({
    cents: lineFigures(l, gift.amountCents, gift.currency).lineCents ?? 0,
    campaign: l.campaign.name,
    parentCampaign: l.parent.name,
    fund: l.fund.name,
  }));
  return saveTemplate(undefined, {
    name,
    lines: templateLinesFrom(parts, gift.amountCents, restIndex >= 0 ? restIndex : lines.length - 1),
    appliesTo: gift.campaign
      ? { kind: "campaign", value: gift.campaign }
      : { kind: "fund", value: gift.fund ?? "General" },
    autoSend: false,
  });
}
