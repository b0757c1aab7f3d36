"use client";

import { useMemo } from "react";
import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import { useLatest } from "@/lib/hooks/use-latest";
import { nextSplitId, transactionRefFor } from "@/lib/imports/rows";
import {
  type EditorValues,
  knownName,
  lineFigures,
  lineFromSplit,
  type NameChoice,
  newLine,
  NO_NAME,
} from "@/lib/splits/editor-lines";
import {
  distributePatches,
  type LinePatch,
  type Outcome,
  percentPatch,
  remainderPatch,
  settleAmount,
  shareOf,
  splitEvenlyPatches,
} from "@/lib/splits/line-operations";
import { MAX_ROWS_PER_TRANSACTION } from "@/lib/splits/sum";
import type { EditorGift } from "@/lib/transactions/editor-data";
import type { NameOption } from "./picker-logic";

export type LineActions = ReturnType<typeof useLineActions>;

type Setup = {
  form: UseFormReturn<EditorValues>;
  lines: UseFieldArrayReturn<EditorValues, "lines", "key">;
  gift: EditorGift;
  takenSplitIds: readonly string[];
  campaigns: readonly NameOption[];
  /** One message at a time, in the editor's status line. */
  say: (message: string) => void;
  onCreated: (kind: "campaign" | "fund", option: NameOption) => void;
};

/**
 * Everything a line or the table's buttons can do, as callbacks that never change identity
 * (they read the latest gift and lines through refs): with 200 memoised lines, a keystroke
 * renders the one line it happened in and the footer, nothing else.
 */
export function useLineActions(setup: Setup) {
  const latest = useLatest(setup);

  return useMemo(() => {
    const s = () => latest.current;
    const gift = () => ({ totalCents: s().gift.amountCents, currency: s().gift.currency });
    const all = () => s().form.getValues("lines");
    const write = (patch: LinePatch) => {
      const { setValue } = s().form;
      setValue(`lines.${patch.index}.amount`, patch.amount, { shouldDirty: true });
      setValue(`lines.${patch.index}.percent`, patch.percent, { shouldDirty: true });
      setValue(`lines.${patch.index}.source`, patch.source, { shouldDirty: true });
    };
    const apply = (outcome: Outcome) => {
      if (!outcome.ok) return s().say(outcome.reason);
      outcome.patches.forEach(write);
      if (outcome.note) s().say(outcome.note);
    };
    const freshId = () => {
      const ref = transactionRefFor(s().gift);
      return nextSplitId(ref, [
        ...s().takenSplitIds,
        ...all().map((l) => l.splitId),
        ...s().form.getValues("removedSplitIds"),
      ]);
    };

    return {
      addLine() {
        const lines = all();
        if (lines.length >= MAX_ROWS_PER_TRANSACTION)
          return s().say(`A gift can have at most ${MAX_ROWS_PER_TRANSACTION} lines.`);
        const { totalCents, currency } = gift();
        const used = lines.reduce((sum, l) => sum + (lineFigures(l, totalCents, currency).lineCents ?? 0), 0);
        const left = totalCents - used;
        const line = newLine(freshId(), s().gift.home, left > 0 ? left : null, totalCents);
        s().lines.append(line, { shouldFocus: true, focusName: `lines.${lines.length}.amount` });
      },
      removeLine(index: number) {
        const line = all()[index];
        if (!line) return;
        if (s().gift.splits.some((split) => split.splitId === line.splitId)) {
          s().form.setValue("removedSplitIds", [...s().form.getValues("removedSplitIds"), line.splitId], {
            shouldDirty: true,
          });
        }
        s().lines.remove(index);
        s().say(`Line ${index + 1} removed.`);
      },
      undoRemove(splitId: string) {
        const split = s().gift.splits.find((x) => x.splitId === splitId);
        s().form.setValue(
          "removedSplitIds",
          s()
            .form.getValues("removedSplitIds")
            .filter((id) => id !== splitId),
          { shouldDirty: true },
        );
        if (split) s().lines.append(lineFromSplit(split, s().gift.amountCents), { shouldFocus: false });
      },
      splitEvenly: () => apply(splitEvenlyPatches(all(), gift())),
      distributeRemainder: () => apply(distributePatches(all(), gift())),
      putRemainder: (index: number) => apply(remainderPatch(all(), index, gift())),
      amountTyped(index: number) {
        const line = all()[index];
        if (!line) return;
        s().form.setValue(`lines.${index}.source`, "amount");
        s().form.setValue(`lines.${index}.percent`, shareOf({ ...line, source: "amount" }, gift()));
      },
      amountLeft(index: number) {
        const line = all()[index];
        const settled = line && settleAmount(line, index, gift());
        if (!settled) return;
        write(settled.patch);
        if (settled.note) s().say(settled.note);
      },
      percentTyped(index: number) {
        s().form.setValue(`lines.${index}.source`, "percent");
        write(percentPatch(all(), index, gift()));
      },
      quantityTyped(index: number) {
        const line = all()[index];
        if (!line) return;
        if (line.source === "percent") write(percentPatch(all(), index, gift()));
        else s().form.setValue(`lines.${index}.percent`, shareOf(line, gift()));
      },
      nameChosen(index: number, field: "campaign" | "parent" | "fund", choice: NameChoice, created: NameOption | null) {
        const { setValue } = s().form;
        setValue(`lines.${index}.${field}`, choice, { shouldDirty: true });
        if (created) s().onCreated(field === "fund" ? "fund" : "campaign", created);
        if (field !== "campaign") return;
        // A known campaign brings its own parent; the default campaign has none.
        const known = choice.status === "known" ? s().campaigns.find((c) => c.name === choice.name) : undefined;
        if (choice.status === "default") setValue(`lines.${index}.parent`, NO_NAME);
        else if (known) setValue(`lines.${index}.parent`, knownName(known.parent, known.parentId));
      },
    };
  }, [latest]);
}
