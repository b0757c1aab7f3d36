"use client";

// The campaign and fund pickers: downshift's useCombobox (WAI-ARIA 1.2 combobox with a listbox,
// keyboard-first, headless so it takes the app's own styles, ~13 kB of gzip, loaded on first use
// by name-picker.tsx). The reducer below changes three of its defaults for money: leaving the
// field never picks the highlighted item for the admin, Escape never clears a chosen name, and
// text left unchosen stays visible as "not chosen yet" instead of vanishing.
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from "downshift";
import { type ChangeEvent, type KeyboardEvent, useLayoutEffect, useMemo, useState } from "react";
import type { NamePickerProps } from "./name-picker";
import { choiceFor, displayText, type MenuItem, resolveTyped } from "./picker-logic";
import { itemForValue, itemKey, menuItems } from "./picker-menu";
import { highlightAfterTyping, type HighlightKey, nextHighlight } from "./picker-keys";
import { useMenuPlacement } from "./menu-placement";
import { PickerMenuItem } from "./picker-menu-item";

let pendingFocus: { id: string; text: string; caret: number } | null = null;

/** The plain field that had focus when the library arrived: its combobox takes over. */
export function handOverFocus(id: string, text: string, caret: number) {
  pendingFocus = { id, text, caret };
}

const { stateChangeTypes: types } = useCombobox;

/** Keys whose highlight picker-keys.ts decides when "Create new …" is guarded; the arrows also
 *  open a closed list, the others act only on an open one (as downshift has them). */
const HIGHLIGHT_KEYS: ReadonlySet<string> = new Set(["ArrowDown", "ArrowUp", "Home", "End", "PageDown", "PageUp"]);
const OPENING_KEYS: ReadonlySet<string> = new Set(["ArrowDown", "ArrowUp"]);

/**
 * downshift's combobox with three of its defaults changed for money: leaving the field never picks
 * the highlighted item for the admin, Escape never clears a chosen name, and text left unchosen
 * stays visible as "not chosen yet" (commitTyped) instead of vanishing.
 */
function usePickerCombobox({ id, kind, value, options, onChange }: NamePickerProps) {
  const shown = displayText(value);
  // What the admin is typing; null shows the value (so a value changed from outside shows at once).
  const [typing, setTyping] = useState<string | null>(() => (pendingFocus?.id === id ? pendingFocus.text : null));
  const inputValue = typing ?? shown;
  const { items, more } = useMemo(
    // An unchosen name keeps its suggestions when the list opens again; a chosen one lists all names.
    () => menuItems(inputValue === shown && value.status !== "unresolved" ? "" : inputValue, options, kind),
    [inputValue, shown, value.status, options, kind],
  );
  const selectedItem = useMemo(() => itemForValue(value, options), [value, options]);
  // The last ArrowDown stopped at the last known name: the next one may step onto "Create new …".
  const [armed, setArmed] = useState(false);

  function commitTyped() {
    if (typing !== null && typing !== shown) onChange(resolveTyped(typing, options, kind), null);
    setTyping(null);
  }

  const combo = useCombobox<MenuItem>({
    id: `${id}-combobox`,
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-menu`,
    items,
    itemToString: (item) => (item ? displayText(choiceFor(item)) : ""),
    itemToKey: itemKey,
    selectedItem,
    inputValue,
    onInputValueChange: ({ inputValue: next, type }) => {
      if (type === types.InputChange) setTyping(next);
    },
    onSelectedItemChange: ({ selectedItem: item }) => {
      setTyping(null);
      if (!item) return;
      const choice = choiceFor(item);
      onChange(choice, item.kind === "create" ? { name: choice.name, id: null, isNew: true } : null);
    },
    stateReducer: (state: UseComboboxState<MenuItem>, { type, changes }: UseComboboxStateChangeOptions<MenuItem>) => {
      if (type === types.InputBlur) {
        return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
      }
      if (type === types.InputKeyDownEscape) {
        return { ...changes, selectedItem: state.selectedItem };
      }
      if (type === types.InputChange) {
        // Enter takes the name typed, or the one name that starts with it (picker-keys.ts).
        return { ...changes, highlightedIndex: highlightAfterTyping(changes.inputValue ?? "", options, kind) };
      }
      return changes;
    },
    onStateChange: ({ type }) => {
      if (type === types.InputBlur) commitTyped();
      if (type === types.InputKeyDownEscape) setTyping(null);
      if (type === types.InputKeyDownEnter && combo.highlightedIndex < 0) commitTyped();
    },
  });

  // The plain field this one replaces had focus: take it over where the caret was.
  useLayoutEffect(() => {
    if (pendingFocus?.id !== id) return;
    const { text, caret } = pendingFocus;
    pendingFocus = null;
    const input = document.getElementById(id);
    if (!(input instanceof HTMLInputElement)) return;
    input.focus();
    input.setSelectionRange(caret, caret);
    if (text !== shown) combo.openMenu();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on taking over
  }, []);

  /** Runs before downshift's own handler: a guarded move is made here and downshift skips it. */
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const key = event.key;
    const open = combo.isOpen;
    const next =
      HIGHLIGHT_KEYS.has(key) && !event.altKey && (open || OPENING_KEYS.has(key))
        ? nextHighlight(items, open ? combo.highlightedIndex : -1, key as HighlightKey, armed)
        : null;
    setArmed(next?.armed ?? false);
    if (!next) return;
    event.preventDefault();
    (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
    if (!open) combo.openMenu();
    combo.setHighlightedIndex(next.index);
  }

  return { combo, items, more, selectedItem, setTyping, commitTyped, onKeyDown, armed: armed && combo.isOpen };
}

export function NameCombobox(props: NamePickerProps) {
  const { label, kind, onBlur, invalid, describedBy } = props;
  const { combo, items, more, selectedItem, setTyping, commitTyped, onKeyDown, armed } = usePickerCombobox(props);
  const placement = useMenuPlacement(combo.isOpen, props.id);
  return (
    <div className={`picker${combo.isOpen ? " picker--open" : ""}`}>
      <input
        className="picker__input"
        data-picker={kind}
        placeholder={props.placeholder}
        {...combo.getInputProps({
          "aria-label": label,
          "aria-invalid": invalid || undefined,
          "aria-describedby": describedBy,
          // Set in the event itself: downshift reports the change after rendering, and a controlled
          // input that learns its value late drops the keystrokes typed in between.
          onChange: (event: ChangeEvent<HTMLInputElement>) => setTyping(event.target.value),
          onKeyDown,
          onBlur: () => {
            if (!combo.isOpen) commitTyped();
            onBlur?.();
          },
        })}
      />
      <ul className="picker__menu" style={placement} {...combo.getMenuProps({ "aria-label": `Choices for ${label}` })}>
        {combo.isOpen &&
          items.map((item, index) => (
            <PickerMenuItem
              key={itemKey(item)}
              item={item}
              kind={kind}
              highlighted={combo.highlightedIndex === index}
              armed={armed && item.kind === "create"}
              selected={itemKey(item) === itemKey(selectedItem)}
              {...combo.getItemProps({ item, index })}
            />
          ))}
        {combo.isOpen && more > 0 && (
          <li className="picker__more" role="presentation">
            {more} more: type to narrow the list
          </li>
        )}
      </ul>
    </div>
  );
}
