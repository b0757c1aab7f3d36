import Link from "next/link";
import { notFound } from "next/navigation";
import { SplitEditor } from "@/components/split-editor/split-editor";
import { requireConnection } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formatCents } from "@/lib/splits/money";
import { inFlightTransactions } from "@/lib/imports/submit";
import { getTransaction, knownNames } from "@/lib/transactions/read";

export const metadata = { title: "Split a transaction" };

type Props = { params: Promise<{ id: string }> };

export default async function SplitTransactionPage({ params }: Props) {
  const connection = await requireConnection();
  const { id } = await params;
  const transactionId = decodeURIComponent(id);
  const [transaction, names, known, sent, inFlight] = await Promise.all([
    getTransaction(connection.id, transactionId),
    knownNames(connection.id),
    db().knownSplit.findMany({ where: { connectionId: connection.id, transactionId }, select: { splitId: true } }),
    // Ids an earlier submission used count as taken even before the service confirms them.
    db().submissionRow.findMany({
      where: { transactionId, submission: { connectionId: connection.id } },
      select: { splitId: true },
      distinct: ["splitId"],
    }),
    inFlightTransactions(connection.id, [transactionId]),
  ]);
  if (!transaction) notFound();
  const taken = [...known, ...sent].map((t) => t.splitId);
  const when = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(transaction.occurredAt),
  );
  return (
    <>
      <p className="small">
        <Link href="/transactions">← Transactions</Link>
      </p>
      <h1>
        Split {formatCents(transaction.amountCents, transaction.currency)} from{" "}
        {transaction.contactName ?? "an unknown donor"}
      </h1>
      <p className="muted">
        Given {when} · currently{" "}
        {transaction.splits.length > 0
          ? `${transaction.splits.length} splits`
          : `${transaction.campaign ?? "no campaign"} / ${transaction.fund ?? "General"}`}
      </p>
      {inFlight.length > 0 && (
        <p className="notice notice--warn" role="status">
          An earlier submission for this gift is still being processed. Wait until it is finished in{" "}
          <Link href="/history">History</Link> before splitting it again.
        </p>
      )}
      <SplitEditor transaction={transaction} takenSplitIds={taken} campaigns={names.campaigns} funds={names.funds} />
    </>
  );
}
