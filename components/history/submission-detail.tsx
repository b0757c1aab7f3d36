"use client";

import Link from "next/link";
import { useRetrySubmission, useSubmission } from "@/lib/hooks/use-submission";
import { formatCents } from "@/lib/splits/money";
import { SubmissionStatusBadge } from "./submission-status";

const OUTCOME = { pending: "Waiting", imported: "Imported", dropped: "Dropped" } as const;

export function SubmissionDetailView({ id }: { id: string }) {
  const { data, error, isPending } = useSubmission(id);
  const retry = useRetrySubmission(id);
  if (isPending) return <p className="card">Loading…</p>;
  if (error || !data)
    return (
      <p role="alert" className="notice notice--danger">
        {error?.message ?? "Not found."}
      </p>
    );

  const failed = data.chunks.filter((c) => c.status === "failed");
  const waiting = data.chunks.filter((c) => c.status === "pending" && c.lastError);
  return (
    <>
      <section className="card" aria-labelledby="summary-title">
        <div className="button-row" style={{ justifyContent: "space-between" }}>
          <h2 id="summary-title" style={{ margin: 0 }}>
            {data.transactionCount} transaction{data.transactionCount === 1 ? "" : "s"}, {data.rowCount} row
            {data.rowCount === 1 ? "" : "s"}
          </h2>
          <span role="status" aria-live="polite">
            <SubmissionStatusBadge status={data.status} />
          </span>
        </div>
        <p className="small muted">
          Submitted {new Date(data.createdAt).toLocaleString("en-US")}
          {data.source && (
            <>
              {" "}
              from the bulk allocation <Link href={`/bulk/${data.source.draftId}`}>{data.source.label}</Link>
            </>
          )}{" "}
          ·{" "}
          {data.chunks
            .map((c) => `import ${c.serviceImportId ?? "(not sent yet)"}: ${c.serviceStatus ?? c.status}`)
            .join(" · ")}
        </p>
        {data.droppedCount > 0 && (
          <p className="notice notice--warn">
            The service dropped {data.droppedCount} row{data.droppedCount === 1 ? "" : "s"}. Each is marked below with
            the reason.
          </p>
        )}
        {waiting.map((c) => (
          <p key={c.index} className="notice notice--warn">
            Waiting: {c.lastError}
          </p>
        ))}
        {failed.length > 0 && (
          <div className="notice notice--danger" role="alert">
            {failed.map((c) => (
              <p key={c.index}>
                Batch {c.index + 1} ({c.rowCount} rows, {c.attempts} attempt{c.attempts === 1 ? "" : "s"}):{" "}
                {c.lastError}
              </p>
            ))}
            <div className="button-row">
              <button type="button" className="button" onClick={() => retry.mutate()} disabled={retry.isPending}>
                {retry.isPending ? "Retrying…" : "Retry"}
              </button>
            </div>
          </div>
        )}
      </section>
      {data.transactions.map((t) => (
        <section key={t.transactionId} className="card" aria-label={`Transaction ${t.transactionId}`}>
          <h2>
            {t.contactName ?? "Transaction"} ·{" "}
            {t.amountCents === null ? t.transactionId : formatCents(t.amountCents, t.currency)}
          </h2>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Split</th>
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
                  <td>
                    <code>{r.splitId}</code>
                  </td>
                  <td className="num">
                    {r.deleted
                      ? "removed"
                      : `${formatCents(r.unitAmountCents, t.currency)}${r.quantity > 1 ? ` × ${r.quantity}` : ""}`}
                  </td>
                  <td>
                    {r.campaign ?? (r.deleted ? "" : "Default (the partner’s name)")}
                    {r.parentCampaign ? <span className="muted small"> under {r.parentCampaign}</span> : null}
                  </td>
                  <td>{r.fund}</td>
                  <td>
                    <strong>{OUTCOME[r.outcome]}</strong>
                    {r.dropMessage && <p className="small">{r.dropMessage}</p>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
