// The editor's footer figures and its one status, from all lines at once, computed once per change
// of the form and shared by everything that shows them (the bar, the totals row, the leave guard).
import { useLayoutEffect, useState, useSyncExternalStore } from "react";
import type { UseFormReturn } from "react-hook-form";
import { type GiftFacts, sameAsService } from "@/lib/splits/editor-allocation";
import { type EditorValues, lineFigures, type LineProblems } from "@/lib/splits/editor-lines";

export type Problem = { index: number; field: keyof LineProblems; message: string };

export type Summary = {
  allocatedCents: number;
  remainingCents: number;
  lineCount: number;
  problems: Problem[];
  /** The lines are what the service holds (whether or not they are all valid). */
  unchanged: boolean;
  /** Valid, and sending would change nothing at the service. */
  same: boolean;
  hasRemovals: boolean;
  /** The first line whose amount counts more than once (Qty over 1): the sum message names it. */
  multiplied: { index: number; quantity: number; unitCents: number; lineCents: number } | null;
  /** Every line's Qty is 1 (as typed): the Qty column can stay folded away. */
  quantitiesOne: boolean;
};

export function summarize(values: EditorValues, gift: GiftFacts): Summary {
  let allocatedCents = 0;
  const problems: Problem[] = [];
  let multiplied: Summary["multiplied"] = null;
  let quantitiesOne = true;
  values.lines.forEach((line, index) => {
    const figures = lineFigures(line, gift.amountCents, gift.currency);
    allocatedCents += figures.lineCents ?? 0;
    if (line.quantity.trim() !== "1") quantitiesOne = false;
    const { unitCents, lineCents } = figures;
    if (!multiplied && unitCents !== null && lineCents !== null && lineCents !== unitCents) {
      multiplied = { index, quantity: unitCents === 0 ? 1 : lineCents / unitCents, unitCents, lineCents };
    }
    for (const [field, message] of Object.entries(figures.problems)) {
      problems.push({ index, field: field as keyof LineProblems, message });
    }
  });
  const unchanged = sameAsService(values, gift);
  return {
    allocatedCents,
    remainingCents: gift.amountCents - allocatedCents,
    lineCount: values.lines.length,
    problems,
    unchanged,
    same: problems.length === 0 && unchanged,
    hasRemovals: values.removedSplitIds.length > 0,
    multiplied,
    quantitiesOne,
  };
}

type Store = { get: () => Summary; subscribe: (listener: () => void) => () => void };

/** The summary, kept current by one watch of the whole form. */
export function useSummaryStore(form: UseFormReturn<EditorValues>, gift: GiftFacts): Store {
  const [store] = useState(() => {
    let current = summarize(form.getValues(), gift);
    let seen = JSON.stringify(current);
    const listeners = new Set<() => void>();
    return {
      get: () => current,
      set(next: Summary) {
        // Unchanged figures keep their identity, so nothing renders for a keystroke that moves nothing.
        const key = JSON.stringify(next);
        if (key === seen) return;
        seen = key;
        current = next;
        listeners.forEach((listener) => listener());
      },
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    };
  });
  useLayoutEffect(() => {
    const update = () => store.set(summarize(form.getValues(), gift));
    update(); // the gift itself may have changed
    const subscription = form.watch(update);
    return () => subscription.unsubscribe();
  }, [form, gift, store]);
  return store;
}

/** One value of the summary; the component renders again only when that value changes. */
export function useSummary<T>(store: Store, select: (summary: Summary) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
