"use client";

// The parts of the editor that show only after the admin acted or came back: unsent edits put
// back, the gift changed elsewhere, splits to remove, the question before leaving. One lazy
// chunk, fetched with the editor's tools.
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { LeaveDialog } from "./leave-dialog";
import { RemovedSplits } from "./removed-splits";
import { discardMine } from "./stale-choices";
import { StalePanel } from "./stale-panel";
import type { SplitEditorState } from "./use-split-editor";

const savedAt = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

export default function EditorPanels({ editor, part }: { editor: SplitEditorState; part: "top" | "bottom" }) {
  if (part === "bottom") {
    return (
      <>
        {editor.hasRemovals && <RemovedSplits editor={editor} />}
        {editor.leaving && <LeaveDialog question={editor.leaving} />}
      </>
    );
  }
  return (
    <>
      {editor.restoredAt && !editor.stale && (
        <Notice
          tone="info"
          actions={
            <Button variant="secondary" onClick={() => discardMine(editor)}>
              Discard my edits
            </Button>
          }
        >
          Your unsent edits from {savedAt.format(new Date(editor.restoredAt))} are back. Nothing has been sent yet.
        </Notice>
      )}
      {editor.stale && <StalePanel editor={editor} />}
    </>
  );
}
