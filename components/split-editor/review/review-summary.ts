// What the review shows, worked out once when it opens from the editor's values: a plain function
// apart from ReviewDialog so that the dialog reads as what it shows and sends.
import { destinations } from "@/lib/splits/allocation-changes";
import { holdingsNow } from "@/lib/splits/editor-allocation";
import type { EditorValues } from "@/lib/splits/editor-lines";
import { holdingsAfter } from "@/lib/splits/holdings-after";
import { allocationSchema } from "@/lib/splits/schema";
import { toAllocationInput } from "@/lib/splits/to-allocation";
import { newNamesOf } from "./review-new-names";
import type { SplitEditorState } from "../use-split-editor";

export type ReviewSummary = ReturnType<typeof summarizeReview>;

export function summarizeReview(
  values: EditorValues,
  gift: SplitEditorState["gift"],
  campaigns: SplitEditorState["campaigns"],
) {
  const input = toAllocationInput(values, gift);
  const parsed = input ? allocationSchema.safeParse(input) : null;
  const after = holdingsAfter(values.lines, gift) ?? [];
  return {
    input,
    problems: parsed && !parsed.success ? parsed.error.issues.map((i) => i.message) : [],
    changes: destinations(holdingsNow(gift), after),
    removed: gift.splits.filter((s) => values.removedSplitIds.includes(s.splitId)),
    created: newNamesOf(values.lines),
    defaults: values.lines.filter((l) => l.campaign.status === "default").length,
    // A parent belongs to the campaign, not to the line: the service moves the whole campaign.
    reparented: [
      ...new Set(
        values.lines
          .filter((l) => l.campaign.status === "known" && (l.parent.status === "known" || l.parent.status === "new"))
          .filter((l) => campaigns.find((c) => c.name === l.campaign.name)?.parent !== l.parent.name)
          .map((l) => `“${l.campaign.name}” will be placed under “${l.parent.name}”`),
      ),
    ],
  };
}
