"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useDiscardDraft, useDraftPreview, useSubmitDraft } from "@/lib/hooks/use-bulk";
import { uuidv4 } from "@/lib/uuid";
import { DraftItems } from "./draft-items";
import { SubmissionProgressView } from "./submission-progress";

type Show = "invalid" | "valid";

/** The preview of a bulk draft: what can be sent and what cannot, then sending and its report. */
export function DraftPreviewView({ id, initialShow }: { id: string; initialShow: Show }) {
  const router = useRouter();
  const [show, setShow] = useState<Show>(initialShow);
  const [page, setPage] = useState(1);
  const { data, error } = useDraftPreview(id, { show, page });
  const submit = useSubmitDraft(id);
  const discard = useDiscardDraft(id);
  // One key per preview: a double click or a retry after a lost answer finds the same submission.
  const key = useRef(uuidv4());

  if (error) {
    return (
      <p role="alert" className="notice notice--danger">
        {error.message}
      </p>
    );
  }
  if (!data) return <p className="card">Loading…</p>;

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
        <div className="button-row" style={{ justifyContent: "space-between" }}>
          <h2 id="summary-title" style={{ margin: 0 }}>
            {data.label}
          </h2>
          <span className={`badge ${submissionId ? "badge--ok" : ""}`}>
            {submissionId ? "Sent" : data.status === "submitted" ? "Being sent" : "Not sent yet"}
          </span>
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
          <p className="notice notice--warn">Nothing here can be sent. Fix the rows and upload the file again.</p>
        )}
        {!submissionId && (
          <div className="button-row">
            {data.validCount > 0 && (
              <button
                type="button"
                className="button"
                disabled={submit.isPending || data.status === "uploading"}
                onClick={() => submit.mutate(key.current)}
              >
                {submit.isPending
                  ? "Storing…"
                  : data.status === "submitted"
                    ? "Finish sending" // a send cut short: the same key finds what was stored
                    : `Send ${data.validCount.toLocaleString("en-US")} transaction${data.validCount === 1 ? "" : "s"}`}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              disabled={discard.isPending}
              onClick={() =>
                window.confirm("Discard this bulk allocation? Nothing of it has been sent.") &&
                discard.mutate(undefined, { onSuccess: () => router.push("/bulk") })
              }
            >
              Discard
            </button>
          </div>
        )}
        {(submit.error ?? discard.error) && (
          <p role="alert" className="notice notice--danger">
            {(submit.error ?? discard.error)?.message}
          </p>
        )}
      </section>
      {submissionId && <SubmissionProgressView id={submissionId} />}
      <div className="button-row" role="group" aria-label="Show">
        <button
          type="button"
          className={`button ${show === "invalid" ? "" : "button--secondary"}`}
          aria-pressed={show === "invalid"}
          onClick={() => choose("invalid")}
        >
          With a problem ({invalidCount.toLocaleString("en-US")})
        </button>
        <button
          type="button"
          className={`button ${show === "valid" ? "" : "button--secondary"}`}
          aria-pressed={show === "valid"}
          onClick={() => choose("valid")}
        >
          {submissionId ? "Sent" : "Ready"} ({data.validCount.toLocaleString("en-US")})
        </button>
      </div>
      {data.items.length === 0 ? (
        <p className="card empty">{show === "valid" ? "No transaction is ready." : "No problems found."}</p>
      ) : (
        <DraftItems items={data.items} sent={!!submissionId} />
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label="Pages">
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </>
  );
}

const rows = (n: number) => `${n.toLocaleString("en-US")} row${n === 1 ? "" : "s"}`;
