// What the editor's buttons and the second half of some keystrokes do to the lines, given the form:
// split evenly, share the remainder, put it on one line, follow a typed percentage, settle a share
// or a sum typed into an amount, fill in a campaign's parent, remove a line or keep a split. Part
// of the editor's tools (editor-tools.ts), loaded on first use. Each write is one form update, and
// the form copies all its values on every update, so nothing is written that did not change.
import { flushSync } from "react-dom";
import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import { type EditorValues, lineFigures, type NameChoice, NO_NAME } from "@/lib/splits/editor-lines";
import { knownName, lineFromSplit, newLine } from "@/lib/splits/gift-lines";
import { nextSplitId, transactionRefFor } from "@/lib/splits/split-ids";
import { MAX_ROWS_PER_TRANSACTION } from "@/lib/splits/row-limit";
import { distributePatches, type Outcome, remainderPatch, splitEvenlyPatches } from "@/lib/splits/line-operations";
import { type LinePatch, percentPatch, settleAmount } from "@/lib/splits/line-typing";
import type { EditorGift } from "@/lib/transactions/editor-data";
import type { NameOption } from "@/components/name-picker/picker-logic";

export type EditContext = {
  form: UseFormReturn<EditorValues>;
  lines: UseFieldArrayReturn<EditorValues, "lines", "key">;
  gift: EditorGift;
  campaigns: readonly NameOption[];
  takenSplitIds: readonly string[];
  say: (message: string) => void;
};

/** A new line holds what is left of the gift, where the gift's money is now (placement.ts). */
export function addLine({ form, gift, lines, takenSplitIds, say }: EditContext): void {
  const all = form.getValues("lines");
  if (all.length >= MAX_ROWS_PER_TRANSACTION) return say(`A gift can have at most ${MAX_ROWS_PER_TRANSACTION} lines.`);
  const used = all.reduce((sum, l) => sum + (lineFigures(l, gift.amountCents, gift.currency).lineCents ?? 0), 0);
  const left = gift.amountCents - used;
  const taken = [...takenSplitIds, ...all.map((l) => l.splitId), ...form.getValues("removedSplitIds")];
  // The line is committed at once and its amount takes the focus in the same task, so the
  // frame that shows the line runs style and layout once. Focusing it in the next frame's
  // requestAnimationFrame laid the page out there and again in that frame's own update
  // (bench/browser/editor-frames, RESULTS: "Adding a line: the focus in the same task").
  flushSync(() =>
    lines.append(newLine(nextSplitId(transactionRefFor(gift), taken), gift.home, left > 0 ? left : null), {
      shouldFocus: false,
    }),
  );
  const input = document.getElementById(`amount-${all.length}`);
  if (!(input instanceof HTMLInputElement)) return;
  input.focus({ preventScroll: true });
  input.scrollIntoView({ block: "nearest" });
}

type LineField = "amount" | "percent" | "source";

export function setIfChanged({ form }: EditContext, index: number, field: LineField, value: string): void {
  if (form.getValues(`lines.${index}.${field}`) !== value) form.setValue(`lines.${index}.${field}`, value as never);
}

function write(ctx: EditContext, patch: LinePatch): void {
  setIfChanged(ctx, patch.index, "amount", patch.amount);
  if (patch.percent !== undefined) setIfChanged(ctx, patch.index, "percent", patch.percent);
  setIfChanged(ctx, patch.index, "source", patch.source);
}

function apply(ctx: EditContext, outcome: Outcome): void {
  if (!outcome.ok) return ctx.say(outcome.reason);
  outcome.patches.forEach((patch) => write(ctx, patch));
  if (outcome.note) ctx.say(outcome.note);
}

const giftOf = ({ gift }: EditContext) => ({ totalCents: gift.amountCents, currency: gift.currency });
const all = ({ form }: EditContext) => form.getValues("lines");

export const splitEvenly = (ctx: EditContext) => apply(ctx, splitEvenlyPatches(all(ctx), giftOf(ctx)));
export const distribute = (ctx: EditContext) => apply(ctx, distributePatches(all(ctx), giftOf(ctx)));
export const putRemainder = (ctx: EditContext, index: number) =>
  apply(ctx, remainderPatch(all(ctx), index, giftOf(ctx)));
export const followPercent = (ctx: EditContext, index: number) =>
  write(ctx, percentPatch(all(ctx), index, giftOf(ctx)));

export function settle(ctx: EditContext, index: number): void {
  const line = all(ctx)[index];
  const settled = line && settleAmount(line, index, giftOf(ctx));
  if (!settled) return;
  write(ctx, settled.patch);
  if (settled.note) ctx.say(settled.note);
}

/** A known campaign brings its own parent; the service's default campaign has none. */
export function fillParent(ctx: EditContext, index: number, choice: NameChoice): void {
  const known = choice.status === "known" ? ctx.campaigns.find((c) => c.name === choice.name) : undefined;
  if (choice.status === "default") ctx.form.setValue(`lines.${index}.parent`, NO_NAME);
  else if (known) ctx.form.setValue(`lines.${index}.parent`, knownName(known.parent, known.parentId));
}

/** A removed line that was a split at the service is remembered, so the service removes it. */
export function removeLine({ form, lines, gift, say }: EditContext, index: number): void {
  const line = form.getValues("lines")[index];
  if (!line) return;
  if (gift.splits.some((split) => split.splitId === line.splitId)) {
    form.setValue("removedSplitIds", [...form.getValues("removedSplitIds"), line.splitId]);
  }
  lines.remove(index);
  say(`Line ${index + 1} removed.`);
  // Focus stays in the table: on the line that took this one's place, or the one before it.
  focusAmount(Math.min(index, form.getValues("lines").length - 1));
}

function focusAmount(index: number): void {
  requestAnimationFrame(() => document.getElementById(`amount-${index}`)?.focus());
}

export function undoRemove({ form, lines, gift }: EditContext, splitId: string): void {
  const split = gift.splits.find((x) => x.splitId === splitId);
  form.setValue(
    "removedSplitIds",
    form.getValues("removedSplitIds").filter((id) => id !== splitId),
  );
  if (!split) return;
  lines.append(lineFromSplit(split), { shouldFocus: false });
  focusAmount(form.getValues("lines").length - 1);
}
