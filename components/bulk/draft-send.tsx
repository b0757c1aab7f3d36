"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { DraftPreview } from "@/lib/bulk/read";
import { useDiscardDraft, type useSubmitDraft } from "@/lib/hooks/use-bulk";
import { DraftMoves } from "./draft-moves";
import { NewNamesNotice } from "./new-names-notice";
import { ReasonField } from "@/components/split-editor/reason-field";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";

type Props = {
  id: string;
  data: DraftPreview;
  submit: ReturnType<typeof useSubmitDraft>;
  /** One key per preview (kept by the page): a double click or a retry finds the same submission. */
  idempotencyKey: string;
};

/** Send and Discard for a draft not sent yet; names new to the organization are confirmed first. */
export function DraftSend({ id, data, submit, idempotencyKey }: Props) {
  const router = useRouter();
  const discard = useDiscardDraft(id);
  const [confirmDialog, confirm] = useConfirm();
  // What was ticked is the list as it was shown (its digest): a list that changed needs a new tick.
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const { newNames } = data;
  const allConfirmed = newNames.total === 0 || confirmed === newNames.digest;
  const [reason, setReason] = useState("");

  return (
    <>
      {data.status === "ready" && <DraftMoves moves={data.moves} />}
      {newNames.total > 0 && data.status === "ready" && (
        <NewNamesNotice
          draftId={id}
          newNames={newNames}
          source={data.source}
          confirmed={allConfirmed}
          onConfirmedChange={(yes) => setConfirmed(yes ? newNames.digest : null)}
        />
      )}
      {data.status === "ready" && data.validCount > 0 && <ReasonField onChange={setReason} />}
      <div className="button-row">
        {data.validCount > 0 && (
          <Button
            disabled={submit.isPending || data.status === "uploading" || !allConfirmed}
            aria-describedby={allConfirmed ? undefined : "send-waits"}
            onClick={() =>
              submit.mutate({
                idempotencyKey,
                ...(newNames.total > 0 ? { confirmedNewNames: newNames.digest } : {}),
                ...(reason.trim() ? { reason: reason.trim() } : {}),
              })
            }
          >
            {submit.isPending
              ? "Storing…"
              : data.status === "submitted"
                ? "Finish sending" // a send cut short: the same key finds what was stored
                : `Send ${data.validCount.toLocaleString("en-US")} gift${data.validCount === 1 ? "" : "s"}`}
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={discard.isPending}
          onClick={async () => {
            const yes = await confirm({
              title: "Discard this bulk allocation?",
              body: "Nothing of it has been sent. The file's checks are deleted.",
              confirm: "Discard",
              danger: true,
            });
            if (yes) discard.mutate(undefined, { onSuccess: () => router.push("/bulk") });
          }}
        >
          {discard.isPending ? "Discarding…" : "Discard…"}
        </Button>
      </div>
      {!allConfirmed && data.validCount > 0 && (
        <p id="send-waits" className="small">
          Sending waits until the new names above are confirmed.
        </p>
      )}
      {(submit.error ?? discard.error) && <Notice tone="danger">{(submit.error ?? discard.error)?.message}</Notice>}
      {confirmDialog}
    </>
  );
}
