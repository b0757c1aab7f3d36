// Saves the editor's lines into this tab's draft a moment after each change, and at once when the
// tab is hidden (a hidden tab may never run its timers again). Installed by use-editor-draft.ts
// when there is first something to save.
import type { UseFormReturn } from "react-hook-form";
import { sameAsService } from "@/lib/splits/editor-allocation";
import type { EditorValues } from "@/lib/splits/editor-lines";
import type { EditorGift } from "@/lib/transactions/editor-data";
import { clearDraft, type Draft } from "./editor-draft";

const SAVE_AFTER_MS = 250;

function writeDraft(key: string, opened: EditorGift, values: EditorValues): void {
  try {
    const draft: Draft = { version: 1, savedAt: new Date().toISOString(), opened, values };
    window.sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // storage off or full (private mode, quota): the editor still works, without the safety net
  }
}

export function installDraftSaving(
  key: string,
  form: UseFormReturn<EditorValues>,
  opened: () => EditorGift,
  stopped: () => boolean,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped()) return;
    const values = form.getValues();
    const base = opened();
    if (sameAsService(values, base)) clearDraft(key);
    else writeDraft(key, base, values);
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_AFTER_MS);
  };
  const subscription = form.watch(schedule);
  schedule(); // the change that installed this
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
}
