// Where the highlight goes on a key press when the list ends with "Create new …" after known
// names (a partial or near match: "Food" lists Food Purchasing, then Create new fund “Food”).
// Pressing ArrowDown once too often after typing must not leave a new fund highlighted for Enter
// to take, so the arrows, Home/End and PageUp/PageDown move through the known names only, and
// "Create new …" takes a second ArrowDown at the last known name: the first one stops there and
// says so (`armed`). Pure, so every key path is tested without a browser (tests/unit/picker-keys).
import { normalizeName } from "@/lib/splits/near-names";
import type { MenuItem, NameOption, PickerKind } from "./picker-logic";
import { menuItems } from "./picker-menu";

/**
 * The highlight as the admin types: the name typed, or the one name that starts with it ("Oper"
 * → Operations), so Enter takes it; never one of several, never a guess ("Did you mean …?"),
 * never "Create new …": those are choices of their own, made with the arrow keys or a click.
 */
export function highlightAfterTyping(typed: string, options: readonly NameOption[], kind: PickerKind): number {
  const [first] = menuItems(typed, options, kind).items;
  if (first?.kind !== "option" || first.nearMatch) return -1;
  const text = normalizeName(typed);
  if (normalizeName(first.option.name) === text) return 0;
  const only =
    options.filter((o) => normalizeName(o.name).startsWith(text)).length === 1 &&
    normalizeName(first.option.name).startsWith(text);
  return only ? 0 : -1;
}

export type HighlightKey = "ArrowDown" | "ArrowUp" | "Home" | "End" | "PageDown" | "PageUp";

export type Highlight = { index: number; armed: boolean };

/** The index of "Create new …" when known names come before it; -1 when nothing is guarded. */
export function guardedCreate(items: readonly MenuItem[]): number {
  const last = items.length - 1;
  return last > 0 && items[last]?.kind === "create" ? last : -1;
}

/**
 * The highlight after `key`, from `current` (-1: none) and whether the last key stopped at the
 * last known name. Null when the list has nothing to guard: downshift's own move stands.
 */
export function nextHighlight(
  items: readonly MenuItem[],
  current: number,
  key: HighlightKey,
  armed: boolean,
): Highlight | null {
  const create = guardedCreate(items);
  if (create < 0) return null;
  const lastKnown = create - 1;
  const at = current >= 0 && current <= lastKnown ? current : -1;
  const stay = (index: number): Highlight => ({ index, armed: false });
  switch (key) {
    case "ArrowDown":
      if (current === create) return stay(0);
      if (at < lastKnown) return stay(at + 1);
      // At the last known name: the first press stops, the second steps onto "Create new …".
      return armed ? stay(create) : { index: lastKnown, armed: true };
    case "ArrowUp":
      // Round among the known names: up from the first (or from none) is the last known name.
      return stay(at <= 0 ? lastKnown : at - 1);
    case "Home":
      return stay(0);
    case "End":
      return stay(lastKnown);
    case "PageDown":
      return stay(Math.min(at < 0 ? 0 : at + 10, lastKnown));
    case "PageUp":
      return stay(Math.max(at - 10, 0));
  }
}
