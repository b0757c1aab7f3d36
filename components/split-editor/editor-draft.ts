// Unsent edits of one gift, kept in this tab's sessionStorage: they survive a reload (and a
// crash the browser restores), stay out of other tabs, and go when the tab is closed, which
// the editor asks about first. Each draft remembers the gift as it was when the edits began, so
// a restored draft over a gift that changed since is shown as a stale edit, never applied blind.
// Written by draft-save.ts and read by draft-restore.ts, both loaded once there is a draft to keep
// or to read; clearing one is all the editor's first load needs.
import type { EditorValues } from "@/lib/splits/editor-lines";
import type { EditorGift } from "@/lib/transactions/editor-data";

export type Draft = { version: 1; savedAt: string; opened: EditorGift; values: EditorValues };

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // nothing kept, nothing to clear
  }
}
