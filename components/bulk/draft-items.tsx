"use client";

import type { NewName } from "@/lib/bulk/new-names";
import type { PreviewItem } from "@/lib/bulk/read";
import { formatCents } from "@/lib/splits/money";
import { Badge } from "@/components/ui/badge";
import { Notice } from "@/components/ui/notice";
import { ScrollBox } from "@/components/ui/scroll-box";

/** Each gift of a draft with its lines, and what is wrong with them in words. */
type Props = { items: PreviewItem[]; sent: boolean; newNames: readonly NewName[] };

/** A name, tagged when sending would create it at the service. */
function Name({ name, isNew }: { name: string; isNew: boolean }) {
  if (!name) return <>—</>;
  return isNew ? (
    <>
      {name} <Badge tone="warn">new</Badge>
    </>
  ) : (
    <>{name}</>
  );
}

export function DraftItems({ items, sent, newNames }: Props) {
  const isNew = (kind: NewName["kind"], name: string) => newNames.some((n) => n.kind === kind && n.name === name);
  return (
    <ol className="bulk-items">
      {items.map((item) => (
        <li key={item.transactionKey} className="card bulk-item">
          <h3 className="bulk-item__title">
            {item.transactionKey || "(no transaction_id)"}
            {item.transactionId && item.transactionId !== item.transactionKey && (
              <span className="muted small"> · gift {item.transactionId}</span>
            )}
            {item.contactName && <span className="muted small"> · {item.contactName}</span>}
            {item.totalCents !== null && (
              <span className="muted small"> · {formatCents(item.totalCents, item.currency)}</span>
            )}{" "}
            <Badge tone={item.valid ? "ok" : "danger"}>
              {item.valid ? (sent ? "Sent" : "Ready") : "Not sent: has a problem"}
            </Badge>
          </h3>
          {item.errors.length > 0 && (
            <Notice tone="danger" role="none">
              <ul>
                {item.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            </Notice>
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
          <ScrollBox label={`Lines for ${item.transactionKey || "lines without a gift id"}`}>
            <table className="table table--stack">
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
                    <td data-label="Line">{row.line ?? index + 1}</td>
                    <td data-label="Amount">{row.amount}</td>
                    <td data-label="Qty">{row.quantity}</td>
                    <td data-label="Campaign">
                      <Name name={row.campaign} isNew={item.valid && isNew("campaign", row.campaign)} />
                    </td>
                    <td data-label="Fund">
                      <Name name={row.fund} isNew={item.valid && isNew("fund", row.fund)} />
                    </td>
                    <td data-label="Problem">{row.errors.join(" ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </li>
      ))}
    </ol>
  );
}
