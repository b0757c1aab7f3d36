// "Restore the previous allocation": the editor filled with what the gift held before a change,
// as lines over the gift as it is now. The gift's active splits are re-used in order (an update
// of each), further lines get new ids past every id used, active splits left over are removed:
// the same rule as a bulk line (lib/bulk/check.ts). It goes through Review like any edit.
import "server-only";
import type { EditorValues } from "@/lib/splits/editor-lines";
import { lineFromSplit } from "@/lib/splits/gift-lines";
import { nextSplitId, transactionRefFor } from "@/lib/splits/split-ids";
import type { EditorGift } from "@/lib/transactions/editor-data";
import type { Holding } from "./timeline";

export function restoreValues(
  gift: EditorGift,
  takenSplitIds: readonly string[],
  target: readonly Holding[],
): EditorValues {
  const active = gift.splits.map((s) => s.splitId);
  const taken = [...takenSplitIds];
  const ref = transactionRefFor(gift);
  const lines = target.map((holding, i) => {
    let splitId = active[i];
    if (!splitId) {
      splitId = nextSplitId(ref, taken);
      taken.push(splitId);
    }
    return lineFromSplit({ ...holding, splitId });
  });
  return { lines, removedSplitIds: active.slice(target.length) };
}
