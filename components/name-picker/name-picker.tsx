"use client";

import { memo, useState, useSyncExternalStore } from "react";
import type { NameChoice } from "@/lib/splits/editor-lines";
import type * as ComboboxModuleType from "./name-combobox";
import { displayText, type NameOption, type PickerKind, resolveTyped } from "./picker-logic";

type ComboboxModule = typeof ComboboxModuleType;

export type NamePickerProps = {
  id: string;
  /** The accessible name, "Fund, line 3". */
  label: string;
  kind: PickerKind;
  value: NameChoice;
  options: readonly NameOption[];
  onChange: (choice: NameChoice, created: NameOption | null) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** Instead of the kind's own placeholder: the parent a blank parent keeps, when known. */
  placeholder?: string | undefined;
};

// The combobox (downshift, ~13 kB of gzip) loads when the admin first reaches for the table, not
// with the page: until then each picker is a plain text field with the same id, value and
// behaviour on leaving it (picker-logic.ts), and the one that has focus keeps it across the swap.
let combobox: ComboboxModule | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function loadPickers(): void {
  loading ??= import("./name-combobox").then(
    (chunk) => {
      const active = document.activeElement;
      if (active instanceof HTMLInputElement && active.dataset.picker) {
        chunk.handOverFocus(active.id, active.value, active.selectionStart ?? active.value.length);
      }
      combobox = chunk;
      listeners.forEach((listener) => listener());
    },
    () => {
      loading = null; // tried again on the next focus
    },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const NamePicker = memo(function NamePicker(props: NamePickerProps) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => combobox,
    () => null,
  );
  // The kind's placeholder is given here: the combobox imports nothing of this module back.
  return loaded ? (
    <loaded.NameCombobox {...props} placeholder={props.placeholder ?? placeholderFor(props.kind)} />
  ) : (
    <PlainNameInput {...props} />
  );
});

const PLACEHOLDER: Record<PickerKind, string> = {
  campaign: "Choose a campaign",
  parent: "Same parent",
  fund: "Choose a fund",
  named: "Choose a campaign",
};

export function placeholderFor(kind: PickerKind) {
  return PLACEHOLDER[kind];
}

function PlainNameInput({
  id,
  label,
  kind,
  value,
  options,
  onChange,
  onBlur,
  invalid,
  describedBy,
  placeholder,
}: NamePickerProps) {
  const shown = displayText(value);
  const [text, setText] = useState<string | null>(null);
  return (
    <div className="picker">
      <input
        id={id}
        data-picker={kind}
        className="picker__input"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={placeholder ?? PLACEHOLDER[kind]}
        value={text ?? shown}
        onFocus={loadPickers}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          if (text !== null && text !== shown) onChange(resolveTyped(text, options, kind), null);
          setText(null);
          onBlur?.();
        }}
      />
    </div>
  );
}
