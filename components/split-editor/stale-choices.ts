// The two ways on when the editor's lines were begun over another version of the gift (it changed
// elsewhere, or unsent edits came back after a reload): keep the edits, laid over the gift as it
// is now, or start again from it. Only the panels that ask call these, so they load with them
// (editor-panels.tsx), not with the editor.
import { initialValues } from "@/lib/splits/gift-lines";
import { rebaseValues } from "@/lib/splits/rebase";
import type { SplitEditorState } from "./use-split-editor";

export function keepMine(editor: SplitEditorState): void {
  const { stale } = editor;
  if (!stale) return;
  editor.resetTo(
    rebaseValues(editor.form.getValues(), stale.now.gift, stale.now.takenSplitIds),
    stale.now.gift,
    "Reloaded the gift as it is now, with your edits kept. Review them before sending.",
  );
  editor.setStale(null);
  editor.refresh(); // the page's heading says where the gift's money is now
}

export function discardMine(editor: SplitEditorState): void {
  const now = editor.stale?.now ?? { gift: editor.gift, takenSplitIds: editor.takenSplitIds };
  editor.resetTo(
    initialValues(now.gift, now.takenSplitIds),
    now.gift,
    "Your edits were discarded; the lines show the gift as it is now.",
  );
  editor.setStale(null);
  editor.draft.forget();
  editor.draft.resume(); // the admin goes on editing: saving starts again with the next edit
  editor.setShowAll(false);
  editor.refresh();
}
