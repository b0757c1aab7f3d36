"use client";

import { useCallback, useState } from "react";
import { type Control, useWatch } from "react-hook-form";
import {
  type EditorLine,
  type EditorValues,
  lineFigures,
  type LineProblems,
  shareText,
} from "@/lib/splits/editor-lines";

export type Field = keyof LineProblems;

function lineView(line: EditorLine | undefined, totalCents: number, currency: string) {
  // A line being removed renders once more before it unmounts, with its values already gone.
  if (!line) return null;
  const { lineCents, unitCents, problems } = lineFigures(line, totalCents, currency);
  // The pickers' values are the line's own objects (replaced, never changed, when a name is
  // chosen), so a keystroke in the amount leaves the memoised pickers alone.
  const share = shareText(line, lineCents, totalCents);
  // Qty over 1: the line total shows as "2 × $12.50 = $25.00" (quantity-text.ts).
  const quantity = unitCents && lineCents !== null ? lineCents / unitCents : 1;
  return {
    lineCents,
    unitCents,
    quantity,
    problems,
    share,
    campaign: line.campaign,
    parent: line.parent,
    fund: line.fund,
  };
}

export type LineView = NonNullable<ReturnType<typeof lineView>>;

/**
 * What one line shows, watched through a computed view of that line only, so a keystroke
 * elsewhere (or a line added at the end) does not render it again; and which of its problems to
 * show. A field's problem shows once the admin changed it and moved on (or asked to see them
 * all): leaving an untouched empty field is not a mistake yet, and an error appearing under it
 * would shift the button the admin is clicking.
 */
export function useLineView(control: Control<EditorValues>, index: number, totalCents: number, currency: string) {
  const view = useWatch({
    control,
    name: `lines.${index}`,
    compute: (line: EditorLine | undefined) => lineView(line, totalCents, currency),
  });
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [changed] = useState(() => new Set<Field>());
  const touch = useCallback(
    (field: Field) => setTouched((t) => (t.has(field) || !changed.has(field) ? t : new Set(t).add(field))),
    [changed],
  );
  const change = useCallback((field: Field) => void changed.add(field), [changed]);
  return { view, touched, touch, change };
}
