// The one sentence that says whether the allocation can be reviewed, and if not, why: the first
// reason that applies, most fundamental first.
import { formatCents } from "@/lib/splits/money";
import type { Summary } from "./editor-summary";

type Flags = { currency: string; stale: boolean; inFlight: boolean; sending: boolean };

/** `blocked`: a reason that editing the lines cannot fix (the problem list is not the point then). */
export type Status = { ready: boolean; blocked: boolean; text: string };

export function editorStatus(summary: Summary, flags: Flags): Status {
  if (flags.sending) return { ready: false, blocked: true, text: "Sending…" };
  if (flags.stale) {
    return { ready: false, blocked: true, text: "This gift changed since you opened it: choose above how to go on." };
  }
  if (flags.inFlight) {
    return {
      ready: false,
      blocked: true,
      text: "An earlier change to this gift is still being processed. Review becomes available when it is done.",
    };
  }
  const count = summary.problems.length;
  if (count > 0) {
    return {
      ready: false,
      blocked: false,
      text: `Not ready: ${count === 1 ? "1 problem" : `${count} problems`} to fix`,
    };
  }
  const gap = summary.remainingCents;
  if (gap > 0) {
    return {
      ready: false,
      blocked: true,
      text: `Not ready: allocate the remaining ${formatCents(gap, flags.currency)}.`,
    };
  }
  if (gap < 0) {
    return {
      ready: false,
      blocked: true,
      text: `Not ready: the lines are ${formatCents(-gap, flags.currency)} over the gift's total.`,
    };
  }
  if (summary.same) {
    return { ready: false, blocked: true, text: "Nothing to send: this is what the service holds now." };
  }
  const lines = summary.lineCount === 1 ? "1 line" : `${summary.lineCount} lines`;
  return { ready: true, blocked: false, text: `Ready: ${lines}, fully allocated. Review the changes before sending.` };
}
