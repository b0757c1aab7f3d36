"use client";

import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { MAX_ROWS_PER_TRANSACTION } from "@/lib/splits/row-limit";
import { AllocationLine } from "./allocation-line";
import { useSummary } from "./editor-summary";
import type { SplitEditorState } from "./use-split-editor";

type Props = {
  editor: SplitEditorState;
  /** The fixed parts, rendered on the server (allocation-table-head.tsx). */
  hint: ReactNode;
  columns: ReactNode;
};

/** The allocation as one compact table, QuickBooks-style: a line per split; the totals are in the
 *  bar under it (editor-bar.tsx), which stays in view. */
export function AllocationTable({ editor, hint, columns }: Props) {
  const { form, lines, gift, actions, campaigns, funds, showAll } = editor;
  // "new" marks a line added to a split gift; on a gift not split yet every line would carry it.
  const existing = new Set(gift.splits.map((s) => s.splitId));
  // Qty stays folded away while every line counts once (most gifts): one column less to read past.
  const quantitiesOne = useSummary(editor.summary, (s) => s.quantitiesOne);
  const [quantityOpen, setQuantityOpen] = useState(false);
  const quantityShown = quantityOpen || !quantitiesOne;
  return (
    <>
      {hint}
      <div className="table-scroll">
        <table
          id="allocation-table"
          className={`allocation-table${quantityShown ? "" : " allocation-table--no-qty"}`}
          data-quantity={quantityShown ? "shown" : "folded"}
        >
          {columns}
          <tbody>
            {lines.fields.map((field, index) => (
              <AllocationLine
                key={field.key}
                index={index}
                control={form.control}
                register={form.register}
                totalCents={gift.amountCents}
                currency={gift.currency}
                existing={existing.size === 0 || existing.has(field.splitId)}
                canRemove={lines.fields.length > 1}
                campaigns={campaigns}
                funds={funds}
                actions={actions}
                showAll={showAll}
              />
            ))}
          </tbody>
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
        {quantitiesOne && (
          <Button
            variant="link"
            aria-expanded={quantityShown}
            aria-controls="allocation-table"
            onClick={() => setQuantityOpen((open) => !open)}
          >
            {quantityShown ? "Hide the Qty column" : "Show the Qty column (a line counted more than once)"}
          </Button>
        )}
      </div>
    </>
  );
}
