// What a picker's list offers for a typed text: the exact name, near matches, names containing
// the text, and the explicit choices. Loaded with the combobox (name-combobox.tsx), not the page.
import { filterNames, matchName } from "@/lib/splits/near-names";
import type { NameChoice } from "@/lib/splits/editor-lines";
import type { MenuItem, NameOption, PickerKind } from "./picker-logic";
import { DEFAULT_CAMPAIGN_LABEL } from "./picker-logic";

const MAX_ITEMS = 60;

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
