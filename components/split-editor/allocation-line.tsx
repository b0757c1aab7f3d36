"use client";

import { type ChangeEvent, memo, useCallback, useState } from "react";
import { type Control, type UseFormRegister, type UseFormRegisterReturn, useWatch } from "react-hook-form";
import {
  shareText,
  type EditorLine,
  type EditorValues,
  lineFigures,
  type LineProblems,
  type NameChoice,
} from "@/lib/splits/editor-lines";
import { formatCents } from "@/lib/splits/money";
import { Button } from "@/components/ui/button";
import { NamePicker } from "./name-picker";
import type { NameOption } from "./picker-logic";
import type { LineActions } from "./use-line-actions";

type Props = {
  index: number;
  control: Control<EditorValues>;
  register: UseFormRegister<EditorValues>;
  totalCents: number;
  currency: string;
  existing: boolean;
  canRemove: boolean;
  campaigns: readonly NameOption[];
  funds: readonly NameOption[];
  actions: LineActions;
  showAll: boolean;
};

type Field = keyof LineProblems;

function lineView(line: EditorLine | undefined, totalCents: number, currency: string) {
  // A line being removed renders once more before it unmounts, with its values already gone.
  if (!line) return null;
  const { lineCents, problems } = lineFigures(line, totalCents, currency);
  // The pickers' values are the line's own objects (replaced, never changed, when a name is chosen),
  // so a keystroke in the amount leaves the memoised pickers alone.
  const share = shareText(line, lineCents, totalCents);
  return { lineCents, problems, share, campaign: line.campaign, parent: line.parent, fund: line.fund };
}

/**
 * One line of the allocation table. Memoised, and it watches only its own line through a computed
 * view, so a keystroke elsewhere (or a line added at the end) does not render it again.
 */
export const AllocationLine = memo(function AllocationLine(props: Props) {
  const { index, control, register, totalCents, currency, actions, showAll } = props;
  const view = useWatch({
    control,
    name: `lines.${index}`,
    compute: (line: EditorLine | undefined) => lineView(line, totalCents, currency),
  });
  // A field's problem shows once the admin changed it and moved on (or asked to see them all):
  // leaving an untouched empty field is not a mistake yet, and an error appearing under it would
  // shift the button the admin is clicking.
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [changed] = useState(() => new Set<Field>());
  const touch = useCallback(
    (field: Field) => setTouched((t) => (t.has(field) || !changed.has(field) ? t : new Set(t).add(field))),
    [changed],
  );
  const change = useCallback((field: Field) => void changed.add(field), [changed]);
  if (!view) return null;
  const error = (field: Field) => (showAll || touched.has(field) ? view.problems[field] : undefined);
  const n = index + 1;

  return (
    <tr className="line" data-testid={`line-${index}`}>
      <th scope="row" className="line__number">
        {n}
        {!props.existing && <span className="line__tag">new</span>}
      </th>
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
          // Shown from the amount unless typed: a controlled field, not a registered one.
          value: view.share,
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
      <td className="line__total num" data-label="Line total">
        <output aria-label={`Line total, line ${n}`}>
          {view.lineCents === null ? "—" : formatCents(view.lineCents, currency)}
        </output>
      </td>
      <NameCell
        {...props}
        field="campaign"
        value={view.campaign}
        error={error("campaign")}
        changed={change}
        touch={touch}
      />
      <NameCell {...props} field="parent" value={view.parent} error={error("parent")} changed={change} touch={touch} />
      <NameCell {...props} field="fund" value={view.fund} error={error("fund")} changed={change} touch={touch} />
      <td className="line__actions">
        <Button
          variant="link"
          onClick={() => actions.putRemainder(index)}
          aria-label={`Put the remainder on line ${n}`}
        >
          Remainder
        </Button>
        <Button variant="link-danger" onClick={() => actions.removeLine(index)} disabled={!props.canRemove}>
          Remove<span className="visually-hidden"> line {n}</span>
        </Button>
      </td>
    </tr>
  );
});

const LABELS = { campaign: "Campaign", parent: "Parent campaign", fund: "Fund" } as const;

type NameCellProps = Props & {
  field: "campaign" | "parent" | "fund";
  value: NameChoice;
  error: string | undefined;
  changed: (field: Field) => void;
  touch: (field: Field) => void;
};

function NameCell({ index, field, value, error, changed, touch, campaigns, funds, actions }: NameCellProps) {
  const id = `${field}-${index}`;
  const onChange = useCallback(
    (choice: NameChoice, created: NameOption | null) => {
      changed(field);
      touch(field);
      actions.nameChosen(index, field, choice, created);
    },
    [actions, index, field, changed, touch],
  );
  const onBlur = useCallback(() => touch(field), [touch, field]);
  return (
    <td className={`line__${field}`} data-label={LABELS[field]}>
      <NamePicker
        id={id}
        label={`${LABELS[field]}, line ${index + 1}`}
        kind={field}
        value={value}
        options={field === "fund" ? funds : campaigns}
        onChange={onChange}
        onBlur={onBlur}
        invalid={!!error}
        describedBy={error ? `${id}-error` : undefined}
      />
      <CellError id={`${id}-error`} message={error} />
    </td>
  );
}

const COLUMNS = {
  amount: { className: "line__amount", title: "Amount", inputMode: "decimal" },
  percent: { className: "line__percent", title: "Share", inputMode: "decimal" },
  quantity: { className: "line__quantity", title: "Qty", inputMode: "numeric" },
} as const;

type ControlledInput = {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
};

type NumberCellProps = {
  id: string;
  label: string;
  column: keyof typeof COLUMNS;
  error: string | undefined;
  registration: UseFormRegisterReturn | ControlledInput;
  /** Enter settles the field ("25%" becomes the amount) instead of sending the form. */
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

function CellError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="cell-error" id={id}>
      {message}
    </p>
  ) : null;
}
