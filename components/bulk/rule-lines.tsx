"use client";

import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetFocus,
  type UseFormSetValue,
  useFieldArray,
  useWatch,
} from "react-hook-form";
import { formatBasisPoints, parseRulePercent, WHOLE } from "@/lib/bulk/basis-points";
import type { Rule, RuleInput } from "@/lib/bulk/rule";
import { Button } from "@/components/ui/button";
import { RuleLineRow } from "./rule-line-row";

type Props = {
  control: Control<RuleInput, unknown, Rule>;
  setFocus: UseFormSetFocus<RuleInput>;
  register: UseFormRegister<RuleInput>;
  setValue: UseFormSetValue<RuleInput>;
  errors: FieldErrors<RuleInput>;
  /** After a submit, a change is checked again at once (react-hook-form's reValidateMode). */
  submitted: boolean;
};

/** The lines of a rule: fund, campaign and percentage, and which line takes the leftover cents. */
export function RuleLines({ control, register, setValue, errors, setFocus, submitted }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: "lines" });
  const lines = useWatch({ control, name: "lines" });
  // A controlled radio group: the chosen line is a number, which a registered radio would give as
  // text. Read with useWatch and written with setValue rather than useController: the split
  // editor shares this page's copy of react-hook-form, and useController (with the useFormState it
  // brings) would be on the editor's first load for this one group (bench/RESULTS.md).
  const leftover = useWatch({ control, name: "leftoverLine" });
  const chooseLeftover = (line: number) =>
    setValue("leftoverLine", line, { shouldDirty: true, shouldValidate: submitted });
  const parsed = (lines ?? []).map((line) => parseRulePercent(line?.percent ?? ""));
  const readable = parsed.every((p) => p.ok);
  const total = parsed.reduce((sum, p) => sum + (p.ok ? p.value : 0), 0);
  const sumError = errors.lines?.root?.message ?? errors.lines?.message;
  const removeLine = (index: number) => {
    remove(index);
    // Focus stays in the table (on the line that took this one's place), not lost to the page.
    setTimeout(() => setFocus(`lines.${Math.min(index, fields.length - 2)}.fund`), 0);
    // The leftover stays with the same line, or falls to the first when its line goes.
    if (leftover > index) chooseLeftover(leftover - 1);
    else if (leftover === index) chooseLeftover(0);
  };

  return (
    <fieldset className="rule-lines">
      <legend>Lines</legend>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Fund</th>
              <th scope="col">Campaign (blank keeps the gift&apos;s)</th>
              <th scope="col">Percent</th>
              <th scope="col">Leftover</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => (
              <RuleLineRow
                key={field.id}
                index={index}
                register={register}
                errors={errors.lines?.[index]}
                leftover={leftover === index}
                onLeftover={() => chooseLeftover(index)}
                onRemove={() => removeLine(index)}
                removable={fields.length > 1}
              />
            ))}
          </tbody>
        </table>
      </div>
      <div className="button-row">
        <Button variant="secondary" onClick={() => append({ fund: "", campaign: "", percent: "" })}>
          Add line
        </Button>
        <span className={`sum ${readable && total === WHOLE ? "sum--ok" : "sum--danger"}`} aria-live="polite">
          {readable
            ? `Lines add up to ${formatBasisPoints(total)}%${total === WHOLE ? "" : " (must be 100%)"}`
            : "Some percentages are not numbers like 60 or 33.33"}
        </span>
      </div>
      {errors.leftoverLine && <p className="field__error">{errors.leftoverLine.message}</p>}
      {sumError && (
        <p role="alert" className="field__error">
          {sumError}
        </p>
      )}
    </fieldset>
  );
}
