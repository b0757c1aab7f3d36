// The one sentence that says whether the allocation can be reviewed, and if not, why: the first
// reason that applies, most fundamental first.
import { formatCents } from "@/lib/splits/money";
import type { Summary } from "./editor-summary";

type Flags = { currency: string; stale: boolean; inFlight: boolean; sending: boolean };

/** `blocked`: a reason that editing the lines cannot fix (the problem list is not the point then). */
export type Status = { ready: boolean; blocked: boolean; text: string };

const wait = (text: string, blocked = true): Status => ({ ready: false, blocked, text });

export function editorStatus(summary: Summary, flags: Flags): Status {
  const gap = summary.remainingCents;
  const count = summary.problems.length;
  const money = (cents: number) => formatCents(cents, flags.currency);
  if (flags.sending) return wait("Sending…");
  if (flags.stale) return wait("This gift changed since you opened it: choose above how to go on.");
  if (flags.inFlight) {
    return wait("An earlier change to this gift is still being processed. Review becomes available when it is done.");
  }
  if (count > 0) return wait(`Not ready: ${count === 1 ? "1 problem" : `${count} problems`} to fix`, false);
  if (gap > 0) return wait(`Not ready: allocate the remaining ${money(gap)}.`);
  if (gap < 0) {
    const why = summary.multiplied ? " Each line counts its amount times its Qty." : "";
    return wait(`Not ready: the lines are ${money(-gap)} over the gift's total.${why}`);
  }
  if (summary.same) return wait("Nothing to send: this is what the service holds now.");
  const lines = summary.lineCount === 1 ? "1 line" : `${summary.lineCount} lines`;
  return { ready: true, blocked: false, text: `Ready: ${lines}, fully allocated. Review the changes before sending.` };
}
