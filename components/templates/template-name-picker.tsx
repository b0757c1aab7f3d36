"use client";

// A template's campaign and fund names with the editor's own picker (downshift's combobox, loaded
// on first focus): the same list, near matches and keyboard as the split editor, where a
// browser's datalist gave each browser its own (none at all on some phones) and could not be
// walked with the keyboard in a test. A template holds names as text: a name the organization
// does not use is kept as typed, and confirmed by name when a gift is approved (the inbox).
import { useEffect, useMemo } from "react";
import { loadPickers, NamePicker } from "@/components/name-picker/name-picker";
import type { PickerKind } from "@/components/name-picker/picker-logic";
import { type NameChoice, NO_NAME } from "@/lib/splits/editor-lines";

type Props = {
  id: string;
  label: string;
  kind: Extract<PickerKind, "named" | "fund">;
  value: string;
  names: readonly string[];
  onChange: (name: string) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy: string | undefined;
  placeholder?: string;
};

export function TemplateNamePicker({ value, names, onChange, ...props }: Props) {
  // The form is mostly these fields: the combobox loads with it, not on the first focus (text
  // typed into the plain field before it arrives got no highlight to take with Enter).
  useEffect(loadPickers, []);
  const options = useMemo(() => names.map((name) => ({ name, id: null })), [names]);
  const choice: NameChoice = value ? { name: value, id: "", status: names.includes(value) ? "known" : "new" } : NO_NAME;
  return (
    <NamePicker
      {...props}
      value={choice}
      options={options}
      // Text left unchosen is kept as typed ("unresolved" in the editor): here it is the name.
      onChange={(next) => onChange(next.status === "none" || next.status === "default" ? "" : next.name)}
    />
  );
}
