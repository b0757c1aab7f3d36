import { apiRoute } from "@/lib/http/route";
import { transactionsSync } from "@/lib/contracts/transactions";
import { FOREGROUND_BUDGET_MS, syncTransactions } from "@/lib/transactions/sync";

/** Brings the local copy of the organization's transactions up to date from the service, for a
 *  few seconds at most: a longer run goes on in the worker and the list shows its progress. */
export const POST = apiRoute({ contract: transactionsSync }, async ({ connection }) => {
  const outcome = await syncTransactions(connection.id, { budgetMs: FOREGROUND_BUDGET_MS });
  return { synced: outcome.copied, state: outcome.state };
});
