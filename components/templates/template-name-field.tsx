"use client";

import { type Path, type UseFormReturn, useWatch } from "react-hook-form";
import type { FieldControlProps } from "@/components/ui/field";
import type { Template, TemplateInput } from "@/lib/templates/schema";
import { TemplateNamePicker } from "./template-name-picker";

export type NamePicker = (
  name: Path<TemplateInput>,
  kind: "named" | "fund",
  label: string,
  placeholder?: string,
) => (c: FieldControlProps) => React.ReactElement;

type Form = Pick<UseFormReturn<TemplateInput, unknown, Template>, "control" | "register" | "getValues">;

/** Makes the template form's name fields: the editor's picker, bound to the form (its value is
 *  the name as text). Shared by the lines and "Applies to", so it lives apart from both. */
export function namePickerFor(form: Form, names: { campaigns: string[]; funds: string[] }): NamePicker {
  return (name, pickerKind, label, placeholder) =>
    // Field calls it with the control's id and descriptions (a render function, not a component).
    function renderPicker(c: FieldControlProps) {
      return (
        <BoundNamePicker
          form={form}
          name={name}
          id={c.id}
          label={label}
          kind={pickerKind}
          names={pickerKind === "fund" ? names.funds : names.campaigns}
          invalid={c["aria-invalid"] === true}
          describedBy={c["aria-describedby"]}
          {...(placeholder ? { placeholder } : {})}
        />
      );
    };
}

type BoundProps = Omit<Parameters<typeof TemplateNamePicker>[0], "value" | "onChange" | "onBlur"> & {
  form: Form;
  name: Path<TemplateInput>;
};

/**
 * One picker bound to its field as react-hook-form's Controller binds it (the value watched, the
 * change and the leaving passed to the field's registered handlers, as events with no DOM input
 * behind them), without Controller: the split editor and /bulk share this app's one copy of
 * react-hook-form, which holds every hook any page uses, and Controller (useController with its
 * useFormState) put 0.9 kB on their first loads (bench/RESULTS.md).
 */
function BoundNamePicker({ form, name, ...picker }: BoundProps) {
  const watched = useWatch({ control: form.control, name });
  const field = form.register(name);
  return (
    <TemplateNamePicker
      {...picker}
      value={typeof watched === "string" ? watched : ""}
      onChange={(value) => void field.onChange({ target: { name, value }, type: "change" })}
      onBlur={() => void field.onBlur({ target: { name, value: form.getValues(name) }, type: "blur" })}
    />
  );
}
