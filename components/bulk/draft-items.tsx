"use client";

import type { PreviewItem } from "@/lib/bulk/read";
import { formatCents } from "@/lib/splits/money";

/** Each transaction of a draft with its rows, and what is wrong with them in words. */
export function DraftItems({ items, sent }: { items: PreviewItem[]; sent: boolean }) {
  return (
    <ol className="bulk-items">
      {items.map((item) => (
        <li key={item.transactionKey} className="card bulk-item">
          <h3 className="bulk-item__title">
            {item.transactionKey || "(no transaction_id)"}
            {item.transactionId && item.transactionId !== item.transactionKey && (
              <span className="muted small"> · transaction {item.transactionId}</span>
            )}
            {item.contactName && <span className="muted small"> · {item.contactName}</span>}
            {item.totalCents !== null && (
              <span className="muted small"> · {formatCents(item.totalCents, item.currency)}</span>
            )}{" "}
            <span className={`badge ${item.valid ? "badge--ok" : "badge--danger"}`}>
              {item.valid ? (sent ? "Sent" : "Ready") : "Not sent: has a problem"}
            </span>
          </h3>
          {item.errors.length > 0 && (
            <ul className="notice notice--danger">
              {item.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
          {/* Once sent, "now" is the new allocation: the line would only confuse. */}
          {item.current && !sent && (
            <p className="small muted">
              Now: {item.current}
              {item.valid && item.removedCount > 0
                ? ` (${item.removedCount} split${item.removedCount === 1 ? "" : "s"} will be removed)`
                : ""}
            </p>
          )}
          <div className="table-card">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Campaign</th>
                  <th scope="col">Fund</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {item.rows.map((row, index) => (
                  <tr key={`${row.line ?? "rule"}-${index}`} className={row.errors.length > 0 ? "row--dropped" : ""}>
                    <td>{row.line ?? index + 1}</td>
                    <td>{row.amount}</td>
                    <td>{row.quantity}</td>
                    <td>{row.campaign || "—"}</td>
                    <td>{row.fund || "—"}</td>
                    <td>{row.errors.join(" ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </li>
      ))}
    </ol>
  );
}
