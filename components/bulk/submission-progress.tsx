"use client";

import Link from "next/link";
import { SubmissionStatusBadge } from "@/components/history/submission-status";
import { useSubmissionProgress } from "@/lib/hooks/use-bulk";
import { isFinalStatus } from "@/lib/submissions/final-statuses";
import { stateSentence, submissionState } from "@/lib/submissions/submission-state";
import { AsyncState } from "@/components/ui/async-state";
import { Notice } from "@/components/ui/notice";
import { FinalReport } from "./final-report";

/** A progress bar while the batches go out, then the final report. */
export function SubmissionProgressView({ id }: { id: string }) {
  const { data, error } = useSubmissionProgress(id);
  if (error || !data) {
    return (
      <AsyncState pending={!data} error={error} loading="Loading the progress…">
        {null}
      </AsyncState>
    );
  }
  const final = isFinalStatus(data.status);
  const state = submissionState({
    status: data.status,
    verification: data.verificationState,
    connectionActive: data.connectionActive,
  });
  const { batches, rows } = data;
  return (
    <section className="card" aria-labelledby="progress-title">
      <div className="card__head">
        <h2 id="progress-title">{final ? "Final report" : "Sending"}</h2>
        <span role="status" aria-live="polite">
          <SubmissionStatusBadge
            status={data.status}
            verification={data.verificationState}
            connectionActive={data.connectionActive}
          />
        </span>
      </div>
      <progress
        className="bulk-progress"
        max={Math.max(1, batches.total)}
        value={batches.done + batches.failed}
        aria-label="Sent and processed by the service"
      />
      <p className="small">
        {stateSentence(state, data.failure)} {rows.imported.toLocaleString("en-US")} of{" "}
        {data.rowCount.toLocaleString("en-US")} splits taken by the service
        {rows.dropped > 0 ? ` · ${rows.dropped.toLocaleString("en-US")} dropped` : ""}
      </p>
      {data.lastError && !final && (
        <Notice tone="warn" role="none">
          Waiting: {data.lastError}
        </Notice>
      )}
      {final && <FinalReport data={data} />}
      <p>
        <Link href={`/history/${id}`}>Every gift of this change in History, with what the service holds →</Link>
      </p>
    </section>
  );
}
