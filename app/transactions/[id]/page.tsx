import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { matchedBy } from "@/components/split-editor/matched-by";
import { SplitEditor } from "@/components/split-editor/split-editor";
import { requireConnection } from "@/lib/auth/session";
import { formatCents } from "@/lib/splits/money";
import { editorData } from "@/lib/transactions/editor-data";
import { notCopiedMessage } from "@/lib/transactions/not-copied";
import { knownNames, resolveTransactionId } from "@/lib/transactions/read";
import { syncProgress } from "@/lib/transactions/sync";

export const metadata = { title: "Split a gift" };

type Props = { params: Promise<{ id: string }> };

const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export default async function SplitTransactionPage({ params }: Props) {
  const connection = await requireConnection();
  const asked = decodeURIComponent((await params).id);
  const transactionId = await resolveTransactionId(connection.id, asked);
  // An external id opens the gift under its service id, the address every link uses.
  if (transactionId !== null && transactionId !== asked) redirect(`/transactions/${encodeURIComponent(transactionId)}`);
  if (transactionId === null) {
    const sync = await syncProgress(connection.id);
    if (!(sync.running && sync.firstCopy)) notFound();
    return <NotCopiedYet message={await notCopiedMessage(connection.id)} />;
  }
  const names = await knownNames(connection.id);
  const data = await editorData(connection.id, transactionId, names.campaigns);
  if (!data) notFound();
  const { gift } = data;
  return (
    <>
      <p className="small">
        <Link href="/transactions">← Transactions</Link>
      </p>
      <h1>
        Split {formatCents(gift.amountCents, gift.currency)} from {gift.contactName ?? "an unknown donor"}
      </h1>
      <p className="muted">
        Given {longDate.format(new Date(gift.occurredAt))} ·{" "}
        {gift.splits.length > 0
          ? `split ${gift.splits.length} ways now`
          : `now all in ${gift.campaign ?? "the service's default campaign"} / ${gift.fund ?? "General"}`}
        . {matchedBy(gift)}
      </p>
      <SplitEditor
        {...data}
        campaigns={names.campaigns}
        funds={names.funds}
        draftKey={`apportion:draft:${connection.organizationId}:${gift.transactionId}`}
      />
    </>
  );
}

function NotCopiedYet({ message }: { message: string }) {
  return (
    <>
      <p className="small">
        <Link href="/transactions">← Transactions</Link>
      </p>
      <h1>Gift not copied yet</h1>
      <p className="card" role="status">
        {message}
      </p>
    </>
  );
}
