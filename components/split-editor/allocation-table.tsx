"use client";

import { useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { type EditorValues, lineFigures } from "@/lib/splits/editor-lines";
import { formatCents, formatShare } from "@/lib/splits/money";
import { MAX_ROWS_PER_TRANSACTION } from "@/lib/splits/sum";
import { AllocationLine } from "./allocation-line";
import { loadPickers } from "./name-picker";
import type { SplitEditorState } from "./use-split-editor";

/** The allocation as one compact table, QuickBooks-style: a line per split, totals underneath. */
export function AllocationTable({ editor }: { editor: SplitEditorState }) {
  const { form, lines, gift, actions, campaigns, funds, showAll } = editor;
  const existing = new Set(gift.splits.map((s) => s.splitId));
  return (
    <>
      <p className="small muted" id="amount-help">
        Type an amount (<kbd>12.50</kbd>), a share of the gift (<kbd>25%</kbd>) or a sum (<kbd>100/3</kbd>), or a
        percentage in the % column: the other column follows. Campaign and fund lists show the names your organization
        already uses.
      </p>
      {/* The pickers' library loads as soon as the admin reaches for the table. */}
      <div className="table-scroll" onPointerOver={loadPickers} onFocus={loadPickers}>
        <table className="allocation-table">
          <caption className="visually-hidden">Lines of the new allocation</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col" className="num">
                Share
              </th>
              <th scope="col" className="num">
                Qty
              </th>
              <th scope="col" className="num">
                Line total
              </th>
              <th scope="col">Campaign</th>
              <th scope="col">Parent campaign</th>
              <th scope="col">Fund</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.fields.map((field, index) => (
              <AllocationLine
                key={field.key}
                index={index}
                control={form.control}
                register={form.register}
                totalCents={gift.amountCents}
                currency={gift.currency}
                existing={existing.has(field.splitId)}
                canRemove={lines.fields.length > 1}
                campaigns={campaigns}
                funds={funds}
                actions={actions}
                showAll={showAll}
              />
            ))}
          </tbody>
          <TotalsRow editor={editor} />
        </table>
      </div>
      <div className="button-row table-actions">
        <Button
          variant="secondary"
          onClick={actions.addLine}
          disabled={lines.fields.length >= MAX_ROWS_PER_TRANSACTION}
          id="add-line"
        >
          Add line
        </Button>
        <Button variant="secondary" onClick={actions.splitEvenly}>
          Split evenly
        </Button>
        <Button variant="secondary" onClick={actions.distributeRemainder}>
          Share the remainder in proportion
        </Button>
      </div>
    </>
  );
}

function TotalsRow({ editor }: { editor: SplitEditorState }) {
  const { gift, form } = editor;
  const allocated = useWatch({
    control: form.control,
    name: "lines",
    compute: (lines: EditorValues["lines"]) =>
      lines.reduce((sum, line) => sum + (lineFigures(line, gift.amountCents, gift.currency).lineCents ?? 0), 0),
  });
  return (
    <tfoot>
      <tr>
        <th scope="row">Total</th>
        <td />
        <td className="num">{formatShare(allocated, gift.amountCents)}%</td>
        <td />
        <td className="num">
          <strong>{formatCents(allocated, gift.currency)}</strong>
          <span className="muted small"> of {formatCents(gift.amountCents, gift.currency)}</span>
        </td>
        <td colSpan={4} />
      </tr>
    </tfoot>
  );
}
