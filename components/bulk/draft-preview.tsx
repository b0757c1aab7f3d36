"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useDiscardDraft, useDraftPreview, useSubmitDraft } from "@/lib/hooks/use-bulk";
import { uuidv4 } from "@/lib/uuid";
import { DraftItems } from "./draft-items";
import { SubmissionProgressView } from "./submission-progress";
import { AsyncState } from "@/components/ui/async-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";

type Show = "invalid" | "valid";

/** The preview of a bulk draft: what can be sent and what cannot, then sending and its report. */
export function DraftPreviewView({ id, initialShow }: { id: string; initialShow: Show }) {
  const router = useRouter();
  const [show, setShow] = useState<Show>(initialShow);
  const [page, setPage] = useState(1);
  const { data, error } = useDraftPreview(id, { show, page });
  const submit = useSubmitDraft(id);
  const discard = useDiscardDraft(id);
  const [confirmDialog, confirm] = useConfirm();
  // One key per preview: a double click or a retry after a lost answer finds the same submission.
  const key = useRef(uuidv4());

  if (error || !data) {
    return (
      <AsyncState pending={!data} error={error} loading="Loading the allocation…">
        {null}
      </AsyncState>
    );
  }

  const invalidCount = data.transactionCount - data.validCount;
  const invalidRows = data.rowCount - data.validRowCount;
  const pages = Math.max(1, Math.ceil((show === "valid" ? data.validCount : invalidCount) / data.perPage));
  const submissionId = submit.data?.submissionId ?? data.submissionId;
  const choose = (next: Show) => {
    setShow(next);
    setPage(1);
  };

  return (
    <>
      <section className="card" aria-labelledby="summary-title">
        <div className="card__head">
          <h2 id="summary-title">{data.label}</h2>
          <Badge tone={submissionId ? "ok" : "neutral"}>
            {submissionId ? "Sent" : data.status === "submitted" ? "Being sent" : "Not sent yet"}
          </Badge>
        </div>
        <p>
          {data.transactionCount.toLocaleString("en-US")} transaction{data.transactionCount === 1 ? "" : "s"},{" "}
          {data.rowCount.toLocaleString("en-US")} row{data.rowCount === 1 ? "" : "s"}:{" "}
          <strong>
            {data.validCount.toLocaleString("en-US")} {submissionId ? "sent" : "ready to send"}
          </strong>{" "}
          ({rows(data.validRowCount)}), <strong>{invalidCount.toLocaleString("en-US")} with a problem</strong> (
          {rows(invalidRows)}).
        </p>
        {invalidCount > 0 && (
          <p className="small">
            Transactions with a problem are not sent. <a href={`/api/bulk/${id}/errors.csv`}>Download their rows</a> as
            a CSV with a line number and an error for each, fix them and upload that file again.
          </p>
        )}
        {!submissionId && data.validCount === 0 && data.status === "ready" && (
          <Notice tone="warn" role="none">
            Nothing here can be sent. Fix the rows and upload the file again.
          </Notice>
        )}
        {!submissionId && (
          <div className="button-row">
            {data.validCount > 0 && (
              <Button
                disabled={submit.isPending || data.status === "uploading"}
                onClick={() => submit.mutate(key.current)}
              >
                {submit.isPending
                  ? "Storing…"
                  : data.status === "submitted"
                    ? "Finish sending" // a send cut short: the same key finds what was stored
                    : `Send ${data.validCount.toLocaleString("en-US")} transaction${data.validCount === 1 ? "" : "s"}`}
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
              Discard…
            </Button>
          </div>
        )}
        {(submit.error ?? discard.error) && <Notice tone="danger">{(submit.error ?? discard.error)?.message}</Notice>}
        {confirmDialog}
      </section>
      {submissionId && <SubmissionProgressView id={submissionId} />}
      <div className="button-row" role="group" aria-label="Show">
        <Button
          variant={show === "invalid" ? "primary" : "secondary"}
          aria-pressed={show === "invalid"}
          onClick={() => choose("invalid")}
        >
          With a problem ({invalidCount.toLocaleString("en-US")})
        </Button>
        <Button
          variant={show === "valid" ? "primary" : "secondary"}
          aria-pressed={show === "valid"}
          onClick={() => choose("valid")}
        >
          {submissionId ? "Sent" : "Ready"} ({data.validCount.toLocaleString("en-US")})
        </Button>
      </div>
      {data.items.length === 0 ? (
        <p className="card empty">{show === "valid" ? "No transaction is ready." : "No problems found."}</p>
      ) : (
        <DraftItems items={data.items} sent={!!submissionId} />
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label="Pages">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}

const rows = (n: number) => `${n.toLocaleString("en-US")} row${n === 1 ? "" : "s"}`;
