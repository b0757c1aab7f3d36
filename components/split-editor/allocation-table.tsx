"use client";

import { Button } from "@/components/ui/button";
import { MAX_ROWS_PER_TRANSACTION } from "@/lib/splits/row-limit";
import { AllocationLine } from "./allocation-line";
import type { SplitEditorState } from "./use-split-editor";

/** The allocation as one compact table, QuickBooks-style: a line per split; the totals are in the
 *  bar under it (editor-bar.tsx), which stays in view. */
export function AllocationTable({ editor }: { editor: SplitEditorState }) {
  const { form, lines, gift, actions, campaigns, funds, showAll } = editor;
  // "new" marks a line added to a split gift; on a gift not split yet every line would carry it.
  const existing = new Set(gift.splits.map((s) => s.splitId));
  return (
    <>
      <p className="small muted">
        Type an amount (<kbd>12.50</kbd>), a share of the gift (<kbd>25%</kbd>) or a calculation (<kbd>100/3</kbd> is
        $33.33); or a share in the % column.
      </p>
      <div className="table-scroll">
        <table className="allocation-table">
          <caption className="visually-hidden">Lines of the new allocation</caption>
          {/* Fixed column widths: adding a line to a long table need not measure every cell again. */}
          <colgroup>
            {["number", "amount", "share", "quantity", "total", "campaign", "parent", "fund", "actions"].map((c) => (
              <col key={c} className={`col-${c}`} />
            ))}
          </colgroup>
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
      </div>
    </>
  );
}
