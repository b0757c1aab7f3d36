// The lines the split editor opens with: the gift's splits as they are, or, for a gift not split
// yet, one line holding all of it where its money is now under a new split id. Worked out where
// the gift is read (the editor's page on the server; "Discard my edits" in the editor's tools), so
// the editor's first load carries neither this nor the rules for new split ids.
import { type EditorValues, lineFromSplit, newLine, type SplitFacts } from "./editor-lines";
import type { Placement } from "./placement";
import { nextSplitId, transactionRefFor } from "./split-ids";

type Gift = {
  transactionId: string;
  externalId: string | null;
  amountCents: number;
  home: Placement;
  splits: SplitFacts[];
};

export function initialValues(gift: Gift, takenSplitIds: readonly string[]): EditorValues {
  const lines =
    gift.splits.length > 0
      ? gift.splits.map((s) => lineFromSplit(s))
      : [newLine(nextSplitId(transactionRefFor(gift), takenSplitIds), gift.home, gift.amountCents)];
  return { lines, removedSplitIds: [] };
}
