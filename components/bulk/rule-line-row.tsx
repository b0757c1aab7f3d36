"use client";

// One line of a bulk rule as a table row: fund, campaign, percent, the leftover radio and Remove.
// Apart from RuleLines so that one reads as the table, the sum and the line list's changes.
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import type { RuleInput } from "@/lib/bulk/rule";
import { Button } from "@/components/ui/button";

type Props = {
  index: number;
  register: UseFormRegister<RuleInput>;
  errors: NonNullable<FieldErrors<RuleInput>["lines"]>[number];
  /** This line takes the leftover cents. */
  leftover: boolean;
  onLeftover: () => void;
  onRemove: () => void;
  /** False for the last line left: a rule has at least one. */
  removable: boolean;
};

export function RuleLineRow({ index, register, errors, leftover, onLeftover, onRemove, removable }: Props) {
  const n = index + 1;
  return (
    <tr>
      <td data-label={`Fund, line ${n}`} className="rule-line__name">
        <input
          list="known-funds"
          maxLength={200}
          aria-label={`Fund, line ${n}`}
          aria-invalid={!!errors?.fund}
          aria-describedby={errors?.fund ? `fund-error-${index}` : undefined}
          {...register(`lines.${index}.fund`)}
        />
        <FieldError id={`fund-error-${index}`} message={errors?.fund?.message} />
      </td>
      <td data-label="Campaign (blank keeps the gift's)" className="rule-line__name">
        <input
          list="known-campaigns"
          maxLength={200}
          aria-label={`Campaign, line ${n}`}
          aria-invalid={!!errors?.campaign}
          aria-describedby={errors?.campaign ? `campaign-error-${index}` : undefined}
          {...register(`lines.${index}.campaign`)}
        />
        <FieldError id={`campaign-error-${index}`} message={errors?.campaign?.message} />
      </td>
      <td data-label="Percent">
        <input
          inputMode="decimal"
          className="input--narrow"
          aria-label={`Percent, line ${n}`}
          aria-invalid={!!errors?.percent}
          aria-describedby={errors?.percent ? `percent-error-${index}` : undefined}
          {...register(`lines.${index}.percent`)}
        />
        <FieldError id={`percent-error-${index}`} message={errors?.percent?.message} />
      </td>
      <td data-label="Leftover cents">
        <input
          type="radio"
          name="leftoverLine"
          checked={leftover}
          onChange={onLeftover}
          aria-label={`Leftover cents go to line ${n}`}
        />
      </td>
      <td className="rule-line__remove">
        <Button variant="link-danger" onClick={onRemove} disabled={!removable}>
          Remove<span className="visually-hidden"> line {n}</span>
        </Button>
      </td>
    </tr>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="field__error">
      {message}
    </span>
  ) : null;
}
