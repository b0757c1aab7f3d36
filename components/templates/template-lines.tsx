"use client";

import type { FieldErrors, UseFieldArrayReturn, UseFormRegister } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { TemplateInput } from "@/lib/templates/schema";
import type { NamePicker } from "./template-name-field";

type Props = {
  lines: UseFieldArrayReturn<TemplateInput, "lines">;
  kinds: TemplateInput["lines"][number]["kind"][];
  register: UseFormRegister<TemplateInput>;
  errors: FieldErrors<TemplateInput>;
  picker: NamePicker;
};

/** The template form's lines: each with its kind, figure and names; add or remove one. Apart
 *  from the form so the form reads as its parts. */
export function TemplateLines({ lines, kinds, register, errors, picker }: Props) {
  return (
    <fieldset className="template-lines">
      <legend>Lines</legend>
      <p className="small muted">
        A percentage is of the whole gift, rounded down to the cent; an amount is taken as it is; the line that takes
        the rest gets what is left, so every gift adds up exactly. A blank campaign keeps the gift&rsquo;s own.
      </p>
      {errors.lines?.root?.message || errors.lines?.message ? (
        <p className="field__error" role="alert">
          {errors.lines?.root?.message ?? errors.lines?.message}
        </p>
      ) : null}
      <ol className="template-lines__list">
        {lines.fields.map((field, index) => (
          <TemplateLine
            key={field.id}
            index={index}
            kind={kinds[index]}
            register={register}
            errors={errors}
            picker={picker}
            {...(lines.fields.length > 1 ? { onRemove: () => lines.remove(index) } : {})}
          />
        ))}
      </ol>
      <Button
        variant="secondary"
        onClick={() => lines.append({ kind: "percent", figure: "", fund: "", campaign: "", parentCampaign: "" })}
      >
        Add a line
      </Button>
    </fieldset>
  );
}

/** One line; `onRemove` only when there is more than one (a template keeps at least a line). */
function TemplateLine({
  index,
  kind,
  register,
  errors,
  picker,
  onRemove,
}: Omit<Props, "lines" | "kinds"> & {
  index: number;
  kind: TemplateInput["lines"][number]["kind"] | undefined;
  onRemove?: () => void;
}) {
  const lineErrors = errors.lines?.[index];
  return (
    <li className="template-line">
      <Field id={`line-${index}-kind`} label={`Line ${index + 1}`}>
        {(c) => (
          <select {...c} {...register(`lines.${index}.kind`)}>
            <option value="percent">A percentage</option>
            <option value="fixed">An amount</option>
            <option value="remainder">The rest</option>
          </select>
        )}
      </Field>
      {kind === "remainder" ? (
        // Holds the figure's place, so every line's fields sit in the same columns.
        <p className="template-line__rest small muted">Takes what is left</p>
      ) : (
        <Field
          id={`line-${index}-figure`}
          label={kind === "percent" ? "Percent" : "Amount"}
          error={lineErrors?.figure?.message}
          className="field--narrow"
        >
          {(c) => <input {...c} {...register(`lines.${index}.figure`)} inputMode="decimal" />}
        </Field>
      )}
      <Field id={`line-${index}-fund`} label="Fund" error={lineErrors?.fund?.message}>
        {picker(`lines.${index}.fund`, "fund", `Fund, line ${index + 1}`)}
      </Field>
      <Field id={`line-${index}-campaign`} label="Campaign" error={lineErrors?.campaign?.message}>
        {picker(`lines.${index}.campaign`, "named", `Campaign, line ${index + 1}`, "The gift's own")}
      </Field>
      <Field id={`line-${index}-parent`} label="Parent campaign" error={lineErrors?.parentCampaign?.message}>
        {picker(`lines.${index}.parentCampaign`, "named", `Parent campaign, line ${index + 1}`, "None")}
      </Field>
      {onRemove && (
        <Button variant="link-danger" onClick={onRemove} aria-label={`Remove line ${index + 1}`}>
          Remove
        </Button>
      )}
    </li>
  );
}
