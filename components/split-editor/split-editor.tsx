"use client";

import Link from "next/link";
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { AllocationTable } from "./allocation-table";
import { EditorBar } from "./editor-bar";
import { LeaveDialog } from "./leave-dialog";
import { RemovedSplits } from "./removed-splits";
import { StalePanel } from "./stale-panel";
import { type SplitEditorProps, useSplitEditor } from "./use-split-editor";

// The review needs zod and the import builder: fetched when the admin first reaches for Review.
const loadReview = () => import("./review-dialog");
const ReviewDialog = lazy(loadReview);

const savedAt = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

export function SplitEditor(props: SplitEditorProps) {
  const editor = useSplitEditor(props);

  async function review() {
    // Checked once more against the app's copy of the gift: a change elsewhere shows instead.
    if ((await editor.check()) === "changed") return;
    editor.setReviewing(true);
  }

  return (
    <section className="editor" aria-label="New allocation" onPointerOver={() => void loadReview()}>
      {editor.restoredAt && !editor.stale && (
        <Notice
          tone="info"
          actions={
            <Button variant="secondary" onClick={editor.discardMine}>
              Discard my edits
            </Button>
          }
        >
          Your unsent edits from {savedAt.format(new Date(editor.restoredAt))} are back. Nothing has been sent yet.
        </Notice>
      )}
      {editor.inFlight && (
        <Notice tone="warn">
          An earlier change to this gift is still being processed. You can prepare the new lines; Review becomes
          available when it is done (see <Link href="/history">History</Link>).
        </Notice>
      )}
      <StalePanel editor={editor} />
      <AllocationTable editor={editor} />
      <RemovedSplits editor={editor} />
      <EditorBar editor={editor} onReview={() => void review()} />
      {editor.reviewing && (
        <Suspense fallback={<p role="status">Preparing the review…</p>}>
          <ReviewDialog editor={editor} />
        </Suspense>
      )}
      <LeaveDialog question={editor.leaving} />
    </section>
  );
}
