"use client";

// Loaded when the admin first opens the review: it needs zod (the server's own schema, the last
// word on the allocation before it leaves the browser) and the import builder.
import { useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { ApiClientError } from "@/lib/api-client";
import { useSubmitAllocation } from "@/lib/hooks/use-submit-allocation";
import type { AllocationInput } from "@/lib/splits/schema";
import { uuidv4 } from "@/lib/uuid";
import { ChangesTable } from "./review-changes";
import { ExactImport } from "./review-import";
import { nameKey, ReviewNewNames } from "./review-new-names";
import { summarizeReview } from "./review-summary";
import { ReviewWarnings } from "./review-warnings";
import { ReasonField } from "../reason-field";
import { matchedBy } from "../matched-by";
import type { SplitEditorState } from "../use-split-editor";

export default function ReviewDialog({ editor }: { editor: SplitEditorState }) {
  const { gift, form } = editor;
  const submit = useSubmitAllocation();
  const sentAs = useRef<{ key: string; body: string } | null>(null);
  const reason = useRef("");
  const review = useMemo(
    () => summarizeReview(form.getValues(), gift, editor.campaigns),
    [form, gift, editor.campaigns],
  );
  const close = () => editor.setReviewing(false);
  const input = review.input;
  // Unticked when the review opens: each new name is created only by the admin's second say.
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const allTicked = review.created.every((n) => ticked.has(nameKey(n)));

  async function send(allocation: AllocationInput) {
    // One key per allocation: a retry of the same one is found, never imported twice.
    const body = JSON.stringify(allocation);
    if (sentAs.current?.body !== body) sentAs.current = { key: uuidv4(), body };
    editor.setSending(true);
    try {
      const answer = await submit.mutateAsync({
        idempotencyKey: sentAs.current.key,
        allocations: [allocation],
        confirmedNewNames: review.created,
        reason: reason.current.trim() || undefined,
      });
      editor.sent(answer.submissionId);
    } catch (error) {
      editor.setSending(false);
      if (error instanceof ApiClientError && [409, 422].includes(error.status)) await editor.refused();
    }
  }

  return (
    <Dialog open onClose={close} title="Review the new allocation" titleId="review-title" wide>
      <p>{matchedBy(gift)}</p>
      <ChangesTable changes={review.changes} currency={gift.currency} total={gift.amountCents} />
      {review.removed.length > 0 && (
        <p>
          {review.removed.length === 1 ? "1 split" : `${review.removed.length} splits`} will be marked as removed at the
          service; their money is in the lines above.
        </p>
      )}
      <ReviewNewNames
        names={review.created}
        ticked={ticked}
        disabled={submit.isPending || submit.isSuccess}
        onTick={(key, on) =>
          setTicked((was) => {
            const next = new Set(was);
            if (on) next.add(key);
            else next.delete(key);
            return next;
          })
        }
      />
      <ReviewWarnings review={review} />
      <ReasonField onChange={(text) => (reason.current = text)} />
      {input && <ExactImport gift={gift} allocation={input} />}
      {submit.error && <Notice tone="danger">{submit.error.message} Your lines are still here.</Notice>}
      <div className="button-row dialog__actions">
        <Button
          onClick={() => input && void send(input)}
          disabled={!input || review.problems.length > 0 || !allTicked || submit.isPending || submit.isSuccess}
          aria-describedby={allTicked ? undefined : "review-new-names-left"}
        >
          {submit.isPending || submit.isSuccess ? "Sending…" : "Send to the service"}
        </Button>
        <Button variant="secondary" onClick={close} disabled={submit.isPending}>
          Back to editing
        </Button>
      </div>
    </Dialog>
  );
}
