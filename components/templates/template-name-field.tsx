"use client";

import { type Control, Controller, type Path } from "react-hook-form";
import type { FieldControlProps } from "@/components/ui/field";
import type { Template, TemplateInput } from "@/lib/templates/schema";
import { TemplateNamePicker } from "./template-name-picker";

export type NamePicker = (
  name: Path<TemplateInput>,
  kind: "named" | "fund",
  label: string,
  placeholder?: string,
) => (c: FieldControlProps) => React.ReactElement;

/** Makes the template form's name fields: the editor's picker, bound to the form (its value is
 *  the name as text). Shared by the lines and "Applies to", so it lives apart from both. */
export function namePickerFor(
  control: Control<TemplateInput, unknown, Template>,
  names: { campaigns: string[]; funds: string[] },
): NamePicker {
  return (name, pickerKind, label, placeholder) =>
    // Field calls it with the control's id and descriptions (a render function, not a component).
    function renderPicker(c: FieldControlProps) {
      return (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <TemplateNamePicker
              id={c.id}
              label={label}
              kind={pickerKind}
              value={typeof field.value === "string" ? field.value : ""}
              names={pickerKind === "fund" ? names.funds : names.campaigns}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={c["aria-invalid"] === true}
              describedBy={c["aria-describedby"]}
              {...(placeholder ? { placeholder } : {})}
            />
          )}
        />
      );
    };
}
