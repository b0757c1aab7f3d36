import { Suspense } from "react";
import { TransactionsList } from "@/components/transactions/transactions-list";
import { AppError } from "@/lib/app-error";
import { requireConnection } from "@/lib/auth/session";
import { TimeZoneSync } from "@/components/time-zone-sync";
import { adminTimeZone } from "@/lib/time-zone";
import { knownNames } from "@/lib/transactions/read";
import { FOREGROUND_BUDGET_MS, copyIsStale, syncTransactions } from "@/lib/transactions/sync";
import { Providers } from "@/components/providers";
import { Notice } from "@/components/ui/notice";

export const metadata = { title: "Gifts" };

export default async function TransactionsPage() {
  const connection = await requireConnection();
  let syncProblem: string | null = null;
  // Only a stale copy costs this render anything: a run under way is the worker's, and the list
  // follows its progress. (Filters re-render this page on every change.)
  if (connection.status === "active" && copyIsStale(connection.transactionsSyncedAt)) {
    try {
      // A few seconds here; a first copy of a large organization goes on in the worker.
      await syncTransactions(connection.id, { budgetMs: FOREGROUND_BUDGET_MS });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      syncProblem = error.message;
    }
  }
  const [{ campaigns, funds }, zone] = await Promise.all([knownNames(connection.id), adminTimeZone()]);
  return (
    <>
      {/* The first page after connecting: the admin's zone is learnt here for every page after. */}
      <TimeZoneSync rendered={zone} />
      <h1>Gifts</h1>
      <p className="muted">Pick a gift to re-allocate across campaigns and funds.</p>
      {syncProblem && (
        <Notice tone="warn" role="alert">
          Could not refresh from the service: {syncProblem} The list shows the last copy.
        </Notice>
      )}
      <Providers>
        <Suspense
          fallback={
            <p className="card" role="status">
              Loading gifts…
            </p>
          }
        >
          <TransactionsList campaigns={campaigns} funds={funds} />
        </Suspense>
      </Providers>
    </>
  );
}
