"use client";

import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { AllocationTable } from "./allocation-table";
import { EditorBar } from "./editor-bar";
import { loadExpressions } from "@/lib/splits/amount-text";
import { loadPickers } from "@/components/name-picker/name-picker";
import { type SplitEditorProps, useSplitEditor } from "./use-split-editor";

// What is needed only once the admin acts loads when they first reach for the editor (pointer or
// focus), not with the page: the review (zod, the import builder), the stale-gift panel, the list
// of splits to remove, the question before leaving, the pickers and the buttons' arithmetic.
const loadReview = () => import("./review/review-dialog");
const ReviewDialog = lazy(loadReview);
const loadPanels = () => import("./editor-panels");
const EditorPanels = lazy(loadPanels);
// Templates (apply, copy another gift's split, save as template) load when first opened.
const EditorTemplates = lazy(() => import("@/components/templates/editor-templates"));

let preloaded = false;
function preloadTools() {
  if (preloaded) return;
  preloaded = true;
  loadPickers();
  void Promise.all([loadReview(), loadPanels(), loadExpressions(), import("./editor-tools")]).catch(() => {
    preloaded = false; // tried again on the next approach
  });
}

export function SplitEditor(props: SplitEditorProps) {
  const editor = useSplitEditor(props);
  const [templatesOpen, setTemplatesOpen] = useState(false);

  async function review() {
    // Checked once more against the app's copy of the gift: a change elsewhere shows instead.
    if ((await editor.track(editor.check())) === "changed") return;
    // A name still being typed is settled when the pointer leaves its field: look again.
    if (!editor.ready()) return;
    editor.setReviewing(true);
  }

  const panels = editor.restoredAt || editor.stale || editor.hasRemovals || editor.leaving;
  return (
    <section className="editor" aria-label="New allocation" onPointerOver={preloadTools} onFocus={preloadTools}>
      {panels && (
        <Suspense fallback={null}>
          <EditorPanels editor={editor} part="top" />
        </Suspense>
      )}
      <div className="button-row">
        <Button variant="secondary" aria-expanded={templatesOpen} onClick={() => setTemplatesOpen((o) => !o)}>
          Templates…
        </Button>
      </div>
      {templatesOpen && (
        <Suspense fallback={<p role="status">Loading templates…</p>}>
          <EditorTemplates editor={editor} />
        </Suspense>
      )}
      <AllocationTable editor={editor} hint={props.hint} columns={props.columns} />
      {panels && (
        <Suspense fallback={null}>
          <EditorPanels editor={editor} part="bottom" />
        </Suspense>
      )}
      <EditorBar editor={editor} onReview={() => void review()} />
      {editor.reviewing && (
        <Suspense
          fallback={
            <p role="status" aria-busy="true">
              Preparing the review…
            </p>
          }
        >
          <ReviewDialog editor={editor} />
        </Suspense>
      )}
    </section>
  );
}
