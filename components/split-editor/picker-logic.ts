// What the campaign and fund pickers offer for a typed text, and what a typed text means when the
// admin leaves the field without choosing: pure, so the plain input (before the combobox library
// has loaded) and the combobox behave the same, and tests can hold them.
import { DEFAULT_CAMPAIGN, type NameChoice, NO_NAME } from "@/lib/splits/editor-lines";
import { filterNames, matchName } from "@/lib/splits/near-names";

export type NameOption = {
  name: string;
  id: string | null;
  parent?: string | null;
  parentId?: string | null;
  /** Created in this editor, not yet at the service. */
  isNew?: boolean;
};

export type PickerKind = "campaign" | "parent" | "fund";

export type MenuItem =
  | { kind: "option"; option: NameOption; nearMatch: boolean }
  | { kind: "create"; name: string }
  | { kind: "default" }
  | { kind: "none" };

export const DEFAULT_CAMPAIGN_LABEL = "Service default campaign";
const MAX_ITEMS = 60;

export const WHAT: Record<PickerKind, string> = { campaign: "campaign", parent: "campaign", fund: "fund" };

/** The text a field shows for its value. */
export function displayText(value: NameChoice): string {
  return value.status === "default" ? DEFAULT_CAMPAIGN_LABEL : value.name;
}

/**
 * Exact name first; then near matches ("Did you mean …?"); then names containing the text; then,
 * when nothing has exactly this name, the explicit "Create new …". With no text: every name, and
 * "No parent campaign" or the service's default campaign where they apply.
 */
export function menuItems(
  text: string,
  options: readonly NameOption[],
  kind: PickerKind,
): { items: MenuItem[]; more: number } {
  const typed = text.trim();
  if (!typed || typed === DEFAULT_CAMPAIGN_LABEL) {
    const all: MenuItem[] = options.map((option) => ({ kind: "option", option, nearMatch: false }));
    const shown = all.slice(0, MAX_ITEMS);
    if (kind === "parent") shown.unshift({ kind: "none" });
    if (kind === "campaign") shown.push({ kind: "default" });
    return { items: shown, more: Math.max(0, all.length - MAX_ITEMS) };
  }
  const { exact, near } = matchName(typed, options);
  const items: MenuItem[] = [];
  if (exact) items.push({ kind: "option", option: exact, nearMatch: false });
  for (const option of near) items.push({ kind: "option", option, nearMatch: true });
  const taken = new Set(items.map((i) => (i.kind === "option" ? i.option.name : "")));
  const others = filterNames(typed, options).filter((o) => !taken.has(o.name));
  const room = Math.max(0, MAX_ITEMS - items.length);
  for (const option of others.slice(0, room)) items.push({ kind: "option", option, nearMatch: false });
  if (!exact) items.push({ kind: "create", name: typed });
  return { items, more: Math.max(0, others.length - room) };
}

/** The value a menu item gives the field. */
export function choiceFor(item: MenuItem): NameChoice {
  switch (item.kind) {
    case "option":
      return { name: item.option.name, id: item.option.id ?? "", status: item.option.isNew ? "new" : "known" };
    case "create":
      return { name: item.name, id: "", status: "new" };
    case "default":
      return DEFAULT_CAMPAIGN;
    case "none":
      return NO_NAME;
  }
}

/**
 * Text left in the field without a choice: an exact known name is that name; anything else is
 * kept as typed but unresolved, so it is never sent until the admin chooses.
 */
export function resolveTyped(text: string, options: readonly NameOption[], kind: PickerKind): NameChoice {
  const typed = text.trim();
  if (!typed) return NO_NAME;
  if (kind === "campaign" && typed === DEFAULT_CAMPAIGN_LABEL) return DEFAULT_CAMPAIGN;
  const exact = options.find((o) => o.name === typed);
  if (exact) return choiceFor({ kind: "option", option: exact, nearMatch: false });
  return { name: typed, id: "", status: "unresolved" };
}

export function itemKey(item: MenuItem | null): string {
  if (!item) return "";
  return item.kind === "option" ? `o:${item.option.name}` : item.kind === "create" ? `c:${item.name}` : item.kind;
}

/** The item that stands for the field's current value, so the menu can mark it. */
export function itemForValue(value: NameChoice, options: readonly NameOption[]): MenuItem | null {
  if (value.status === "default") return { kind: "default" };
  if (value.status === "none" || value.status === "unresolved") return null;
  const option = options.find((o) => o.name === value.name) ?? { name: value.name, id: value.id, isNew: true };
  return { kind: "option", option, nearMatch: false };
}
