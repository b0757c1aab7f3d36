import { giftName } from "@/lib/gift-name";
import type { SubmissionDetail } from "@/lib/submissions/read";
import { formatDay } from "@/lib/when";

/** The detail page's title: the gift ("$125.00 from Tom Whitaker, 3 Nov 2026") or the file or
 *  rule it came from; a submission older than snapshots whose gift left the copy, by its id. */
export function submissionTitle(s: SubmissionDetail, zone: string): string {
  if (s.source) return `${s.source.kind === "rule" ? "Rule" : "File"} ${s.source.label}`;
  const only = s.transactions.length === 1 ? s.transactions[0] : undefined;
  if (!only) return `${s.transactionCount.toLocaleString("en-US")} gifts`;
  if (only.amountCents === null) return `Gift ${only.transactionId}`;
  const name = giftName({ ...only, amountCents: only.amountCents });
  return only.occurredAt ? `${name}, ${formatDay(only.occurredAt, zone)}` : name;
}
