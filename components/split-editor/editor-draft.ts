// Unsent edits of one gift, kept in this tab's sessionStorage: they survive a reload (and a
// crash the browser restores), stay out of other tabs, and go when the tab is closed, which
// the editor asks about first. Each draft remembers the gift as it was when the edits began, so
// a restored draft over a gift that changed since is shown as a stale edit, never applied blind.
import type { EditorValues, NameChoice } from "@/lib/splits/editor-lines";
import type { EditorGift } from "@/lib/transactions/editor-data";

export type Draft = { version: 1; savedAt: string; opened: EditorGift; values: EditorValues };

const STATUSES = new Set(["known", "new", "unresolved", "default", "none"]);

function isChoice(value: unknown): value is NameChoice {
  const v = value as NameChoice | null;
  return !!v && typeof v.name === "string" && typeof v.id === "string" && STATUSES.has(v.status);
}

function isValues(value: unknown): value is EditorValues {
  const v = value as EditorValues | null;
  return (
    !!v &&
    Array.isArray(v.removedSplitIds) &&
    v.removedSplitIds.every((id) => typeof id === "string") &&
    Array.isArray(v.lines) &&
    v.lines.length <= 200 &&
    v.lines.every(
      (l) =>
        typeof l.splitId === "string" &&
        typeof l.amount === "string" &&
        typeof l.percent === "string" &&
        (l.source === "amount" || l.source === "percent") &&
        typeof l.quantity === "string" &&
        isChoice(l.campaign) &&
        isChoice(l.parent) &&
        isChoice(l.fund),
    )
  );
}

export function readDraft(key: string): Draft | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft;
    if (draft?.version !== 1 || !isValues(draft.values) || typeof draft.opened?.transactionId !== "string") {
      window.sessionStorage.removeItem(key);
      return null;
    }
    return draft;
  } catch {
    return null; // storage off (private mode, quota): the editor still works, without the safety net
  }
}

export function writeDraft(key: string, opened: EditorGift, values: EditorValues): boolean {
  try {
    const draft: Draft = { version: 1, savedAt: new Date().toISOString(), opened, values };
    window.sessionStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // nothing kept, nothing to clear
  }
}

/** The same gift, with the same splits: a draft made over it still applies as it is. */
export function sameGift(a: EditorGift, b: EditorGift): boolean {
  const splits = (g: EditorGift) =>
    JSON.stringify(
      [...g.splits]
        .sort((x, y) => x.splitId.localeCompare(y.splitId))
        .map((s) => [
          s.splitId,
          s.unitAmountCents,
          s.quantity,
          s.campaign,
          s.campaignId,
          s.parentCampaign,
          s.fund,
          s.fundId,
        ]),
    );
  return a.amountCents === b.amountCents && a.currency === b.currency && splits(a) === splits(b);
}
