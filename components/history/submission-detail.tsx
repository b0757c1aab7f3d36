"use client";

import Link from "next/link";
import { useRetrySubmission, useSubmission } from "@/lib/hooks/use-submission";
import { formatCents } from "@/lib/splits/money";
import { SubmissionStatusBadge } from "./submission-status";
import { When } from "@/components/ui/when";
import { giftName } from "@/lib/gift-name";
import { VerificationNotice } from "./verification-notice";
import { AsyncState } from "@/components/ui/async-state";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { ScrollBox } from "@/components/ui/scroll-box";

const OUTCOME = { pending: "Waiting", imported: "Imported", dropped: "Dropped" } as const;

export function SubmissionDetailView({
  id,
  zone,
  waitingForReconnect,
}: {
  id: string;
  zone: string;
  waitingForReconnect: boolean;
}) {
  const { data, error, isPending } = useSubmission(id);
  const retry = useRetrySubmission(id);
  if (isPending || error || !data) {
    return (
      <AsyncState
        pending={isPending}
        error={error ?? new Error("This submission was not found.")}
        loading="Loading the submission…"
      >
        {null}
      </AsyncState>
    );
  }

  const failed = data.batches.filter((c) => c.status === "failed");
  const waiting = data.batches.filter((c) => c.status === "pending" && c.lastError);
  return (
    <>
      <section className="card" aria-labelledby="summary-title">
        <div className="card__head">
          <h2 id="summary-title">
            {data.transactionCount} transaction{data.transactionCount === 1 ? "" : "s"}, {data.rowCount} row
            {data.rowCount === 1 ? "" : "s"}
          </h2>
          <span role="status" aria-live="polite">
            <SubmissionStatusBadge status={data.status} waitingForReconnect={waitingForReconnect} />
          </span>
        </div>
        <p className="small muted">
          Submitted <When iso={data.createdAt} zone={zone} />
          {data.source && (
            <>
              {" "}
              from the bulk allocation <Link href={`/bulk/${data.source.draftId}`}>{data.source.label}</Link>
            </>
          )}{" "}
          ·{" "}
          {data.batches
            .map(
              (b, i) =>
                `batch ${i + 1} of ${data.batches.length}: ${b.serviceImportId ? `import ${b.serviceImportId} at the service, ${(b.serviceStatus ?? b.status).toLowerCase()}` : "not sent yet"}`,
            )
            .join(" · ")}
        </p>
        {data.droppedCount > 0 && (
          <Notice tone="warn" role="none">
            The service dropped {data.droppedCount} row{data.droppedCount === 1 ? "" : "s"}. Each is marked below with
            the reason.
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
                Batch {c.index + 1} of {data.batches.length} ({c.rowCount} rows, {c.attempts} attempt
                {c.attempts === 1 ? "" : "s"}): {c.lastError}
              </p>
            ))}
          </Notice>
        )}
        {retry.error && <Notice tone="danger">{retry.error.message}</Notice>}
        <VerificationNotice data={data} zone={zone} />
      </section>
      {data.transactions.map((t) => (
        <section key={t.transactionId} className="card" aria-label={`Transaction ${t.transactionId}`}>
          <h2>
            <Link href={`/transactions/${encodeURIComponent(t.transactionId)}`}>
              {t.amountCents === null
                ? `Gift ${t.transactionId} from ${t.contactName ?? "an unknown donor"}`
                : giftName({ ...t, amountCents: t.amountCents })}
            </Link>
          </h2>
          {t.differences.length > 0 && (
            <Notice tone="danger" role="none">
              <p>At the service now:</p>
              <ul>
                {t.differences.map((d, i) => (
                  <li key={i}>{d.message}</li>
                ))}
              </ul>
            </Notice>
          )}
          <ScrollBox label={`Splits of the gift ${t.transactionId}`}>
            <table className="table table--stack">
              <caption className="visually-hidden">What the service did with each split of this gift</caption>
              <thead>
                <tr>
                  <th scope="col">Split id</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Campaign</th>
                  <th scope="col">Fund</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {t.rows.map((r) => (
                  <tr key={r.splitId} className={r.outcome === "dropped" ? "row--dropped" : undefined}>
                    <td data-label="Split id">
                      <code>{r.splitId}</code>
                    </td>
                    <td data-label="Amount" className="num">
                      {r.deleted
                        ? "removed"
                        : `${formatCents(r.unitAmountCents, t.currency)}${r.quantity > 1 ? ` × ${r.quantity}` : ""}`}
                    </td>
                    <td data-label="Campaign">
                      {r.campaign ?? (r.deleted ? "" : "Service default campaign")}
                      {r.parentCampaign ? <span className="muted small"> under {r.parentCampaign}</span> : null}
                    </td>
                    <td data-label="Fund">{r.fund}</td>
                    <td data-label="Outcome">
                      <strong>{r.deleted && r.outcome === "imported" ? "Removed" : OUTCOME[r.outcome]}</strong>
                      {r.dropMessage && <p className="small">{r.dropMessage}</p>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </section>
      ))}
    </>
  );
}
