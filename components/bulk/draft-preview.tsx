"use client";

import { useState } from "react";
import { useDraftPreview, useSubmitDraft } from "@/lib/hooks/use-bulk";
import { uuidv4 } from "@/lib/uuid";
import { DraftCounts } from "./draft-counts";
import { DraftItems } from "./draft-items";
import { DraftSend } from "./draft-send";
import { SubmissionProgressView } from "./submission-progress";
import { AsyncState } from "@/components/ui/async-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

type Show = "invalid" | "valid";

/** The preview of a bulk draft: what can be sent and what cannot, then sending and its report. */
export function DraftPreviewView({ id, initialShow }: { id: string; initialShow: Show }) {
  const [show, setShow] = useState<Show>(initialShow);
  const [page, setPage] = useState(1);
  const { data, error } = useDraftPreview(id, { show, page });
  const submit = useSubmitDraft(id);
  // One key per preview, above the loading state: a refetch that fails and comes back keeps it.
  const [key] = useState(uuidv4);

  if (error || !data) {
    return (
      <AsyncState pending={!data} error={error} loading="Loading the allocation…">
        {null}
      </AsyncState>
    );
  }

  const invalidCount = data.transactionCount - data.validCount;
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
        <DraftCounts id={id} data={data} sent={!!submissionId} />
        {!submissionId && data.validCount === 0 && data.status === "ready" && (
          <Notice tone="warn" role="none">
            Nothing here can be sent. Fix the lines and upload the file again.
          </Notice>
        )}
        {!submissionId && <DraftSend id={id} data={data} submit={submit} idempotencyKey={key} />}
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
        <p className="card empty">{show === "valid" ? "No gift is ready." : "No problems found."}</p>
      ) : (
        <DraftItems items={data.items} sent={!!submissionId} newNames={submissionId ? [] : data.newNames.names} />
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label="Pages">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span aria-current="page">
            Page {page.toLocaleString("en-US")} of {pages.toLocaleString("en-US")}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}
