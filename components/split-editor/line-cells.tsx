"use client";

import { type ChangeEvent, useCallback } from "react";
import type { UseFormRegister, UseFormRegisterReturn } from "react-hook-form";
import type { EditorValues, NameChoice } from "@/lib/splits/editor-lines";
import { NamePicker } from "@/components/name-picker/name-picker";
import type { NameOption } from "@/components/name-picker/picker-logic";
import type { LineActions } from "./use-line-actions";
import type { Field } from "./use-line-view";

type CellProps = {
  index: number;
  error: (field: Field) => string | undefined;
  change: (field: Field) => void;
  touch: (field: Field) => void;
  actions: LineActions;
};

/** Amount, share and quantity: the amount and quantity are the form's fields; the share is shown
 *  from the amount unless typed, so it is a controlled field. */
export function FigureCells({
  index,
  error,
  change,
  touch,
  actions,
  register,
  share,
}: CellProps & {
  register: UseFormRegister<EditorValues>;
  share: string;
}) {
  const n = index + 1;
  return (
    <>
      <NumberCell
        id={`amount-${index}`}
        label={`Amount, line ${n}`}
        column="amount"
        error={error("amount")}
        registration={register(`lines.${index}.amount`, {
          onChange: () => {
            change("amount");
            actions.amountTyped(index);
          },
          onBlur: () => {
            actions.amountLeft(index);
            touch("amount");
          },
        })}
        onEnter={() => actions.amountLeft(index)}
      />
      <NumberCell
        id={`percent-${index}`}
        label={`Percentage of the gift, line ${n}`}
        column="percent"
        error={error("percent")}
        registration={{
          value: share,
          onChange: (event: ChangeEvent<HTMLInputElement>) => {
            change("percent");
            actions.percentTyped(index, event.target.value);
          },
          onBlur: () => touch("percent"),
        }}
      />
      <NumberCell
        id={`quantity-${index}`}
        label={`Quantity, line ${n}`}
        column="quantity"
        error={error("quantity")}
        registration={register(`lines.${index}.quantity`, {
          onChange: () => {
            change("quantity");
            actions.quantityTyped(index);
          },
          onBlur: () => touch("quantity"),
        })}
      />
    </>
  );
}

const COLUMNS = {
  amount: { className: "line__amount", title: "Amount", inputMode: "decimal" },
  percent: { className: "line__percent", title: "Share", inputMode: "decimal" },
  quantity: { className: "line__quantity", title: "Qty", inputMode: "numeric" },
} as const;

type ControlledInput = { value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; onBlur: () => void };

type NumberCellProps = {
  id: string;
  label: string;
  column: keyof typeof COLUMNS;
  error: string | undefined;
  registration: UseFormRegisterReturn | ControlledInput;
  /** Enter settles the field ("25%" becomes the amount) instead of doing nothing. */
  onEnter?: () => void;
};

function NumberCell({ id, label, column, error, registration, onEnter }: NumberCellProps) {
  const { className, title, inputMode } = COLUMNS[column];
  return (
    <td className={className} data-label={title}>
      <span className={column === "percent" ? "cell-suffix" : undefined}>
        <input
          id={id}
          className={`cell-input cell-input--num${column === "quantity" ? " cell-input--narrow" : ""}`}
          inputMode={inputMode}
          autoComplete="off"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...registration}
          onKeyDown={(event) => {
            if (event.key === "Enter" && onEnter) onEnter();
          }}
        />
        {column === "percent" && <span aria-hidden="true">%</span>}
      </span>
      <CellError id={`${id}-error`} message={error} />
    </td>
  );
}

const LABELS = { campaign: "Campaign", parent: "Parent campaign", fund: "Fund" } as const;

type NameCellProps = Omit<CellProps, "error"> & {
  field: "campaign" | "parent" | "fund";
  value: NameChoice;
  error: string | undefined;
  options: readonly NameOption[];
  placeholder?: string | undefined;
};

/** A campaign, parent campaign or fund: a picker whose choice counts as a finished edit. */
export function NameCell({ index, field, value, error, change, touch, options, actions, placeholder }: NameCellProps) {
  const id = `${field}-${index}`;
  const onChange = useCallback(
    (choice: NameChoice, created: NameOption | null) => {
      change(field);
      touch(field);
      actions.nameChosen(index, field, choice, created);
    },
    [actions, index, field, change, touch],
  );
  const onBlur = useCallback(() => touch(field), [touch, field]);
  return (
    <td className={`line__${field}`} data-label={LABELS[field]}>
      <NamePicker
        id={id}
        label={`${LABELS[field]}, line ${index + 1}`}
        kind={field}
        value={value}
        options={options}
        onChange={onChange}
        onBlur={onBlur}
        invalid={!!error}
        describedBy={error ? `${id}-error` : undefined}
        placeholder={placeholder}
      />
      <CellError id={`${id}-error`} message={error} />
    </td>
  );
}

function CellError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="cell-error" id={id}>
      {message}
    </p>
  ) : null;
}
