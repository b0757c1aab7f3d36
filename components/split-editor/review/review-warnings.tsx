// The review's warnings under the new names: what else the send changes at the service, and why
// it cannot be sent. Apart from ReviewDialog to keep that one to what it shows and sends.
import { Notice } from "@/components/ui/notice";
import type { ReviewSummary } from "./review-summary";

export function ReviewWarnings({ review }: { review: ReviewSummary }) {
  return (
    <>
      {review.reparented.length > 0 && (
        <Notice tone="warn" role="none">
          At the service, {review.reparented.join(" and ")}. A parent belongs to the campaign: this moves the campaign
          for every gift in it, not only this one.
        </Notice>
      )}
      {review.defaults > 0 && (
        <Notice tone="warn" role="none">
          {review.defaults === 1 ? "1 line goes" : `${review.defaults} lines go`} to the service&apos;s default
          campaign, as you chose.
        </Notice>
      )}
      {review.problems.length > 0 && (
        <Notice tone="danger">The allocation cannot be sent: {review.problems.join(" ")}</Notice>
      )}
    </>
  );
}
