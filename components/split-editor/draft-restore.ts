// Reading a draft back after a reload: it came from storage that anything in this tab can write,
// so its shape is checked before it is trusted. Loaded only when a draft is there.
import type { EditorValues, NameChoice } from "@/lib/splits/editor-lines";
import type { EditorGift } from "@/lib/transactions/editor-data";
import type { Draft } from "./editor-draft";

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
