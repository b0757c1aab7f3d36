// The editor's footer figures and its one status, from all lines at once: cheap enough for every
// keystroke over 200 lines (lineFigures caches what did not change).
import { sameAsService, type GiftFacts } from "@/lib/splits/editor-allocation";
import { type EditorValues, lineFigures, type LineProblems } from "@/lib/splits/editor-lines";

export type Problem = { index: number; field: keyof LineProblems; message: string };

export type Summary = {
  allocatedCents: number;
  remainingCents: number;
  lineCount: number;
  problems: Problem[];
  /** Sending would change nothing at the service. */
  same: boolean;
};

export function summarize(values: EditorValues, gift: GiftFacts): Summary {
  let allocatedCents = 0;
  const problems: Problem[] = [];
  values.lines.forEach((line, index) => {
    const figures = lineFigures(line, gift.amountCents, gift.currency);
    allocatedCents += figures.lineCents ?? 0;
    for (const [field, message] of Object.entries(figures.problems)) {
      problems.push({ index, field: field as keyof LineProblems, message });
    }
  });
  return {
    allocatedCents,
    remainingCents: gift.amountCents - allocatedCents,
    lineCount: values.lines.length,
    problems,
    same: problems.length === 0 && sameAsService(values, gift),
  };
}
