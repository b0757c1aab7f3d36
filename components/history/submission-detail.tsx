"use client";

import Link from "next/link";
import { useRetrySubmission, useSubmission } from "@/lib/hooks/use-submission";
import { stateSentence, submissionState } from "@/lib/submissions/submission-state";
import { describeMove, describeMoves, moveOf } from "@/lib/submissions/moves";
import type { SubmissionDetail } from "@/lib/submissions/read";
import { SubmissionStatusBadge } from "./submission-status";
import { When } from "@/components/ui/when";
import { GiftRecord } from "./gift-record";
import { VerificationNotice } from "./verification-notice";
import { AsyncState } from "@/components/ui/async-state";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

export function SubmissionDetailView({
  id,
  zone,
  connectionActive,
}: {
  id: string;
  zone: string;
  connectionActive: boolean;
}) {
  const { data, error, isPending } = useSubmission(id);
  // Held here, not in DeliveryNotices: a failed refetch shows the error in place of the notices,
  // and Retry's own outcome must outlive that.
  const retry = useRetrySubmission(id);
  if (isPending || error || !data) {
    return (
      <AsyncState
        pending={isPending}
        error={error ?? new Error("This change was not found.")}
        loading="Loading the change…"
      >
        {null}
      </AsyncState>
    );
  }

  const state = submissionState({ status: data.status, verification: data.verificationState, connectionActive });
  return (
    <>
      <section className="card" aria-labelledby="summary-title">
        <div className="card__head">
          <h2 id="summary-title">{headline(data)}</h2>
          <span role="status" aria-live="polite">
            <SubmissionStatusBadge
              status={data.status}
              verification={data.verificationState}
              connectionActive={connectionActive}
            />
          </span>
        </div>
        {/* Once sent, the read-back notice below says it, with "Check again". */}
        {["sending", "waiting", "failed"].includes(state) && <p>{stateSentence(state, data.failure)}</p>}
        <p className="small muted">
          Sent <When iso={data.createdAt} zone={zone} precise />
          {data.source && (
            <>
              {" "}
              from the {data.source.kind === "rule" ? "rule" : "file"}{" "}
              <Link href={`/bulk/${data.source.draftId}`}>{data.source.label}</Link>
            </>
          )}
        </p>
        {data.reason && (
          <p>
            <strong>Reason:</strong> {data.reason}
          </p>
        )}
        <DeliveryNotices data={data} retry={retry} />
        <VerificationNotice data={data} zone={zone} />
      </section>
      {data.transactions.map((t) => (
        <GiftRecord key={t.transactionId} gift={t} verified={state === "verified"} zone={zone} />
      ))}
    </>
  );
}

/** What the change moved, in one line: one gift's move, or the moves of them all. */
function headline(data: SubmissionDetail): string {
  const recorded = data.transactions.flatMap((t) =>
    t.before && t.after ? [{ move: moveOf(t.before, t.after), currency: t.currency }] : [],
  );
  const only = recorded.length === 1 && data.transactions.length === 1 ? recorded[0] : undefined;
  return only ? describeMove(only.move, only.currency) : describeMoves(recorded, data.transactionCount);
}

/** How sending went where it did not simply work: splits the service dropped, batches waiting to
 *  be sent again, and batches that gave up (with Retry). */
function DeliveryNotices({ data, retry }: { data: SubmissionDetail; retry: ReturnType<typeof useRetrySubmission> }) {
  const failed = data.batches.filter((c) => c.status === "failed");
  const waiting = data.batches.filter((c) => c.status === "pending" && c.lastError);
  return (
    <>
      {data.droppedCount > 0 && (
        <Notice tone="warn" role="none">
          The service dropped {data.droppedCount.toLocaleString("en-US")} split{data.droppedCount === 1 ? "" : "s"}.
          Each is marked below with the reason.
        </Notice>
      )}
      {waiting.map((c) => (
        <Notice key={c.index} tone="warn" role="none">
          Waiting: {c.lastError}
        </Notice>
      ))}
      {failed.length > 0 && (
        <Notice
          tone="danger"
          actions={
            <Button onClick={() => retry.mutate()} disabled={retry.isPending}>
              {retry.isPending ? "Retrying…" : "Retry"}
            </Button>
          }
        >
          {failed.map((c) => (
            <p key={c.index}>
              {c.rowCount.toLocaleString("en-US")} split{c.rowCount === 1 ? "" : "s"}{" "}
              {/* Sent ones have an import at the service: its outcome, not the tries, is what failed. */}
              {c.serviceImportId ? (
                <>sent as import {c.serviceImportId}</>
              ) : (
                <>
                  not sent after {c.attempts} tr{c.attempts === 1 ? "y" : "ies"}
                </>
              )}
              : {c.lastError}
            </p>
          ))}
        </Notice>
      )}
      {retry.error && <Notice tone="danger">{retry.error.message}</Notice>}
    </>
  );
}
