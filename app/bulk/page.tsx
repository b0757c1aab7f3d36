import { formatCount } from "@/lib/splits/format-total";
import Link from "next/link";
import { CsvUpload } from "@/components/bulk/csv-upload";
import { RuleForm } from "@/components/bulk/rule-form";
import { requireConnection } from "@/lib/auth/session";
import { adminTimeZone } from "@/lib/time-zone";
import { TimeZoneSync } from "@/components/time-zone-sync";
import { When } from "@/components/ui/when";
import { listDrafts, UNSENT_DRAFT_DAYS } from "@/lib/bulk/read";
import { listRules } from "@/lib/bulk/rules-store";
import { knownNames } from "@/lib/transactions/read";
import { Providers } from "@/components/providers";

export const metadata = { title: "Bulk allocation" };

const STATUS = { uploading: "Incomplete upload", ready: "Not sent", submitted: "Sent" } as const;

export default async function BulkPage() {
  const connection = await requireConnection();
  const [rules, names, drafts, zone] = await Promise.all([
    listRules(connection.id),
    knownNames(connection.id),
    listDrafts(connection.id),
    adminTimeZone(),
  ]);
  return (
    <>
      <TimeZoneSync rendered={zone} />
      <h1>Bulk allocation</h1>
      <p className="muted">
        Re-allocate many gifts at once, from a file or by a rule. You see every gift and line checked before anything is
        sent; only the gifts without problems go to the service.
      </p>
      <CsvUpload />
      <Providers>
        <RuleForm rules={rules} campaigns={names.campaigns} funds={names.funds} />
      </Providers>
      {drafts.length > 0 && (
        <section className="card" aria-labelledby="recent-title">
          <h2 id="recent-title">Recent bulk allocations</h2>
          <p className="small muted">Allocations not sent are kept for {UNSENT_DRAFT_DAYS} days.</p>
          <ul>
            {drafts.map((draft) => (
              <li key={draft.id}>
                <Link href={`/bulk/${draft.id}`}>{draft.label}</Link>{" "}
                <span className="muted small">
                  · <When iso={draft.createdAt} zone={zone} /> · {formatCount(draft.transactionCount)} gift
                  {draft.transactionCount === 1 ? "" : "s"}, {formatCount(draft.validCount)} ready ·{" "}
                  {STATUS[draft.status]}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
