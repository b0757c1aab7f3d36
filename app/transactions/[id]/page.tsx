import Link from "next/link";
import { notFound } from "next/navigation";
import { SplitEditor } from "@/components/split-editor/split-editor";
import { requireConnection } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formatCents } from "@/lib/splits/money";
import { getTransaction, knownNames } from "@/lib/transactions/read";

export const metadata = { title: "Split a transaction" };

type Props = { params: Promise<{ id: string }> };

export default async function SplitTransactionPage({ params }: Props) {
  const connection = await requireConnection();
  const { id } = await params;
  const transactionId = decodeURIComponent(id);
  const [transaction, names, taken] = await Promise.all([
    getTransaction(connection.id, transactionId),
    knownNames(connection.id),
    db().knownSplit.findMany({ where: { connectionId: connection.id, transactionId }, select: { splitId: true } }),
  ]);
  if (!transaction) notFound();
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
      <SplitEditor
        transaction={transaction}
        takenSplitIds={taken.map((t) => t.splitId)}
        campaigns={names.campaigns}
        funds={names.funds}
      />
    </>
  );
}
