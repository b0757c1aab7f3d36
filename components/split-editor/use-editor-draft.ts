"use client";

import { useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useLatest } from "@/lib/hooks/use-latest";
import { sameAsService } from "@/lib/splits/editor-allocation";
import type { EditorValues } from "@/lib/splits/editor-lines";
import type { EditorGift } from "@/lib/transactions/editor-data";
import { clearDraft, type Draft } from "./editor-draft";

function hasDraft(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/**
 * Keeps the editor's unsent lines in this tab while the admin types, and puts them back after a
 * reload. `onRestore` receives a draft that differs from the service's allocation; the editor
 * decides whether it still applies (the gift may have changed since).
 */
export function useEditorDraft(
  key: string,
  form: UseFormReturn<EditorValues>,
  opened: EditorGift,
  edited: boolean,
  /** `changed`: the gift is not what it was when the edits began. */
  onRestore: (draft: Draft, changed: boolean) => void,
) {
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const latest = useLatest({ opened, onRestore });
  const stopped = useRef(false);

  useEffect(() => {
    // sessionStorage exists only in the browser, after hydration: an effect is where it is read.
    // Most visits have no draft, so the code that checks one loads only when there is one.
    if (!hasDraft(key)) return;
    let current = true;
    void import("./editor-tools").then(({ readDraft, sameGift }) => {
      const draft = readDraft(key);
      if (!current || !draft) return;
      if (sameAsService(draft.values, draft.opened)) return clearDraft(key);
      setRestoredAt(draft.savedAt);
      latest.current.onRestore(draft, !sameGift(draft.opened, latest.current.opened));
    });
    return () => {
      current = false;
    };
  }, [key, latest]);

  // Saving starts with the first edit: until then there is nothing to keep.
  useEffect(() => {
    if (!edited) return;
    let uninstall: (() => void) | null = null;
    let live = true;
    void import("./editor-tools").then(({ installDraftSaving }) => {
      if (!live) return;
      uninstall = installDraftSaving(
        key,
        form,
        () => latest.current.opened,
        () => stopped.current,
      );
    });
    return () => {
      live = false;
      uninstall?.();
    };
  }, [edited, key, form, latest]);

  return {
    restoredAt,
    /** The edits were sent, or the admin chose to drop them: nothing more is kept. */
    forget() {
      stopped.current = true;
      setRestoredAt(null);
      clearDraft(key);
    },
    /** Keep saving again (after "Discard my edits" the admin goes on editing). */
    resume() {
      stopped.current = false;
    },
  };
}
