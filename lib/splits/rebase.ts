// "Reload and keep my edits": the admin's lines laid over the gift as it is now. Lines keep
// their amounts, quantities, campaigns and funds. A line whose split was removed elsewhere
// becomes a new split (a removed id cannot come back); splits that appeared elsewhere and that no
// line keeps are removed, because the admin's allocation is what the gift should hold; removals
// of splits that are already gone are dropped. The review shows all of it before anything is sent.
import { nextSplitId, transactionRefFor } from "@/lib/splits/split-ids";
import type { EditorValues } from "./editor-lines";

type Gift = { transactionId: string; externalId: string | null; splits: { splitId: string }[] };

export function rebaseValues(values: EditorValues, now: Gift, takenNow: readonly string[]): EditorValues {
  const active = new Set(now.splits.map((s) => s.splitId));
  const taken = new Set([...takenNow, ...values.lines.map((l) => l.splitId), ...values.removedSplitIds]);
  const ref = transactionRefFor(now);
  const lines = values.lines.map((line) => {
    if (active.has(line.splitId) || !takenNow.includes(line.splitId)) return line;
    const splitId = nextSplitId(ref, taken);
    taken.add(splitId);
    return { ...line, splitId };
  });
  const kept = new Set(lines.map((l) => l.splitId));
  const removedSplitIds = [
    ...values.removedSplitIds.filter((id) => active.has(id) && !kept.has(id)),
    ...now.splits.map((s) => s.splitId).filter((id) => !kept.has(id) && !values.removedSplitIds.includes(id)),
  ];
  return { lines, removedSplitIds };
}
