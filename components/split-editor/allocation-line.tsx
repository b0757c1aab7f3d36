"use client";

import { memo } from "react";
import type { Control, UseFormRegister } from "react-hook-form";
import { Button } from "@/components/ui/button";
import type { EditorValues } from "@/lib/splits/editor-lines";
import { formatCents } from "@/lib/splits/money";
import { FigureCells, NameCell } from "./line-cells";
import { timesText } from "./quantity-text";
import { keptParent, type NameOption } from "@/components/name-picker/picker-logic";
import type { LineActions } from "./use-line-actions";
import { type Field, useLineView } from "./use-line-view";

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

/** One line of the allocation table. Memoised: it renders again only when its own line changes. */
export const AllocationLine = memo(function AllocationLine(props: Props) {
  const { index, control, totalCents, currency, actions, showAll } = props;
  const { view, touched, touch, change } = useLineView(control, index, totalCents, currency);
  if (!view) return null;
  const error = (field: Field) => (showAll || touched.has(field) ? view.problems[field] : undefined);
  const cell = { index, change, touch, actions };
  const n = index + 1;
  return (
    <tr className="line" data-testid={`line-${index}`}>
      <th scope="row" className="line__number">
        {n}
        {!props.existing && <span className="line__tag">new</span>}
      </th>
      <FigureCells {...cell} error={error} register={props.register} share={view.share} />
      <td className="line__total num" data-label="Line total">
        <output aria-label={`Line total, line ${n}`}>
          {view.lineCents !== null && view.unitCents !== null && view.quantity > 1 && (
            <span className="line__times">{timesText(view.quantity, view.unitCents, currency)} = </span>
          )}
          {view.lineCents === null ? "—" : formatCents(view.lineCents, currency)}
        </output>
      </td>
      <NameCell {...cell} field="campaign" value={view.campaign} error={error("campaign")} options={props.campaigns} />
      <NameCell
        {...cell}
        field="parent"
        value={view.parent}
        error={error("parent")}
        options={props.campaigns}
        placeholder={keptParent(view.campaign.name, props.campaigns)}
      />
      <NameCell {...cell} field="fund" value={view.fund} error={error("fund")} options={props.funds} />
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
