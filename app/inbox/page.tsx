import Link from "next/link";
import { SubmissionStatusBadge } from "@/components/history/submission-status";
import { InboxList } from "@/components/templates/inbox-list";
import { requireConnection } from "@/lib/auth/session";
import { formatCents } from "@/lib/splits/money";
import { listInbox } from "@/lib/templates/inbox";

export const metadata = { title: "To allocate" };
export const dynamic = "force-dynamic";

const DONE: Record<string, string> = {
  sent: "Sent",
  skipped: "Skipped",
  left_alone: "Left alone",
  automatic: "To be sent automatically",
  sending: "Being sent automatically",
};

export default async function InboxPage() {
  const connection = await requireConnection();
  const [waiting, done] = await Promise.all([listInbox(connection.id, "waiting"), listInbox(connection.id, "done")]);
  return (
    <>
      <h1>To allocate</h1>
      <p className="muted">
        New gifts a <Link href="/templates">template</Link> applies to, with the split it proposes. Approve them in one
        submission, skip them, or open a gift to edit its split.
      </p>
      <InboxList items={waiting.items} waiting={waiting.waiting} />
      <section className="card" aria-labelledby="done-title">
        <h2 id="done-title">Done lately</h2>
        {done.items.length === 0 ? (
          <p className="muted">Nothing yet.</p>
        ) : (
          <ul className="plain-list">
            {done.items.map((item) => (
              <li key={item.id}>
                <Link href={`/transactions/${encodeURIComponent(item.transactionId)}`}>
                  {item.gift?.contactName ?? item.transactionId}
                </Link>{" "}
                {item.gift ? formatCents(item.gift.amountCents, item.gift.currency) : ""} ·{" "}
                {item.status === "automatic" && connection.autoSendPausedAt
                  ? "Held: automatic sending is paused"
                  : (DONE[item.status] ?? item.status)}
                {item.status === "sent" && (item.sentAutomatically ? " by itself" : " by you")}
                {item.template ? ` with “${item.template.name}”` : ""}
                {item.submission && (
                  <>
                    {" · "}
                    {/* The submission's one state, as History shows it (lib/submissions/submission-state.ts). */}
                    <Link href={`/history/${item.submission.id}`}>
                      <SubmissionStatusBadge
                        status={item.submission.status}
                        verification={item.submission.verification}
                        connectionActive={connection.status === "active"}
                      />
                    </Link>
                  </>
                )}
                {/* A skipped gift's note was for the question it no longer asks. */}
                {item.note && item.status !== "skipped" && <span className="small muted"> · {item.note}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
