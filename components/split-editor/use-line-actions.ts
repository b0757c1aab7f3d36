"use client";

import { useMemo } from "react";
import { useLatest } from "@/lib/hooks/use-latest";
import type { NameChoice } from "@/lib/splits/editor-lines";
import type { EditContext } from "./line-edits";
import type { NameOption } from "@/components/name-picker/picker-logic";

export type LineActions = ReturnType<typeof useLineActions>;

// What the buttons do loads with the editor's tools on first use (the editor starts fetching them
// when the admin first points at or focuses it), so they are usually there before the first click.
const tools = () => import("./editor-tools");

type Setup = EditContext & {
  onCreated: (kind: "campaign" | "fund", option: NameOption) => void;
  /** Hears each action's work, so a slow one shows as busy (lib/hooks/use-busy.ts). */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** Hears which line the admin put the remainder on (by split id). */
  onRemainder?: (splitId: string) => void;
};

/**
 * Everything a line or the table's buttons can do, as callbacks that never change identity
 * (they read the latest gift and lines through a ref): with 100 memoised lines, a keystroke
 * renders the one line it happened in and the footer, nothing else. What a field shows is written
 * at once (a controlled field must not wait); what follows from it comes with the tools.
 */
export function useLineActions(setup: Setup) {
  const latest = useLatest(setup);

  return useMemo(() => {
    const s = () => latest.current;
    const later = (run: (t: Awaited<ReturnType<typeof tools>>) => void) => void s().track(tools().then(run));
    const setSource = (index: number, source: "amount" | "percent") => {
      if (s().form.getValues(`lines.${index}.source`) !== source) s().form.setValue(`lines.${index}.source`, source);
    };

    return {
      addLine: () => later((t) => t.addLine(s())),
      removeLine: (index: number) => later((t) => t.removeLine(s(), index)),
      undoRemove: (splitId: string) => later((t) => t.undoRemove(s(), splitId)),
      splitEvenly: () => later((t) => t.splitEvenly(s())),
      distributeRemainder: () => later((t) => t.distribute(s())),
      putRemainder(index: number) {
        s().onRemainder?.(s().form.getValues(`lines.${index}.splitId`));
        later((t) => t.putRemainder(s(), index));
      },
      amountTyped: (index: number) => setSource(index, "amount"),
      amountLeft: (index: number) => later((t) => t.settle(s(), index)),
      percentTyped(index: number, text: string) {
        // The typed text goes in at once (the field shows it); the amount follows it.
        s().form.setValue(`lines.${index}.percent`, text);
        setSource(index, "percent");
        later((t) => t.followPercent(s(), index));
      },
      quantityTyped(index: number) {
        if (s().form.getValues(`lines.${index}.source`) === "percent") later((t) => t.followPercent(s(), index));
      },
      nameChosen(index: number, field: "campaign" | "parent" | "fund", choice: NameChoice, created: NameOption | null) {
        s().form.setValue(`lines.${index}.${field}`, choice);
        if (created) s().onCreated(field === "fund" ? "fund" : "campaign", created);
        if (field === "campaign") later((t) => t.fillParent(s(), index, choice));
      },
    };
  }, [latest]);
}
