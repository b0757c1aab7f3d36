"use client";

import { useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useLatest } from "@/lib/hooks/use-latest";
import { sameAsService } from "@/lib/splits/editor-allocation";
import type { EditorValues } from "@/lib/splits/editor-lines";
import type { EditorGift } from "@/lib/transactions/editor-data";
import { clearDraft, type Draft, readDraft, writeDraft } from "./editor-draft";

const SAVE_AFTER_MS = 250;

/**
 * Keeps the editor's unsent lines in this tab while the admin types, and puts them back after a
 * reload. `onRestore` receives a draft that differs from the service's allocation; the editor
 * decides whether it still applies (the gift may have changed since).
 */
export function useEditorDraft(
  key: string,
  form: UseFormReturn<EditorValues>,
  opened: EditorGift,
  onRestore: (draft: Draft) => void,
) {
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const latest = useLatest({ opened, onRestore });
  const stopped = useRef(false);

  useEffect(() => {
    const draft = readDraft(key);
    if (draft && !sameAsService(draft.values, draft.opened)) {
      // sessionStorage exists only in the browser, after hydration: an effect is where it can be read.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setRestoredAt(draft.savedAt);
      latest.current.onRestore(draft);
    } else if (draft) {
      clearDraft(key);
    }
  }, [key, latest]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      clearTimeout(timer);
      timer = undefined;
      if (stopped.current) return;
      const values = form.getValues();
      const base = latest.current.opened;
      if (sameAsService(values, base)) clearDraft(key);
      else writeDraft(key, base, values);
    };
    const subscription = form.watch(() => {
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_AFTER_MS);
    });
    // A tab that is hidden may never run its timers again: save at once.
    const flush = () => {
      if (timer !== undefined) save();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", flush);
    return () => {
      subscription.unsubscribe();
      flush();
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", flush);
    };
  }, [key, form, latest]);

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
