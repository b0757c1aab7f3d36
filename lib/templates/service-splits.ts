// Which gifts the service holds split now: read through the query API with their splits, window
// by window as read-back reads (lib/read-back/plan.ts: the API cannot ask for gifts by id). The
// app's copy cannot say: another integration, or someone at the service, may have split a gift
// since the sync copied it, and sending a template's allocation then would overwrite their work.
import "server-only";
import { AppError } from "@/lib/app-error";
import { withServiceAccess } from "@/lib/connections/service-access";
import { planReadBack } from "@/lib/read-back/plan";
import { queryTransactions, shownSplitOf } from "@/lib/service/transactions";

/** Pages one window may read (as read-back's). */
const MAX_PAGES_PER_WINDOW = 250;

/** The service's answers cannot show splits, so whether a gift is split cannot be told. */
export class SplitsNotShown extends Error {
  constructor() {
    super(
      "The service's answers do not show the gifts' splits, so Apportion cannot tell whether they were split there.",
    );
  }
}

/** The gifts among `transactionIds` that have a split at the service (not deleted), and those
 *  the service no longer lists. */
export async function splitAtService(
  connectionId: string,
  transactionIds: readonly string[],
): Promise<{ split: Set<string>; missing: Set<string> }> {
  const split = new Set<string>();
  const seen = new Set<string>();
  for (const window of await planReadBack(connectionId, transactionIds)) {
    const wanted = new Set(window.transactionIds);
    let found = 0;
    let token: string | null = null;
    try {
      for (let page = 0; page < MAX_PAGES_PER_WINDOW; page++) {
        const answer = await withServiceAccess(connectionId, (accessToken, target) =>
          queryTransactions(
            target,
            accessToken,
            token ? { queryToken: token } : { query: { after: window.after, before: window.before }, withSplits: true },
          ),
        );
        for (const gift of answer.results) {
          if (!wanted.has(gift.id)) continue;
          if (gift.splits === undefined) throw new SplitsNotShown();
          found++;
          seen.add(gift.id);
          if (gift.splits.map(shownSplitOf).some((s) => !s.deletedAt)) split.add(gift.id);
        }
        if (found === wanted.size || !answer.has_more || !answer.query_token) break;
        token = answer.query_token;
      }
    } catch (error) {
      // A service that refuses the request for splits cannot show them either.
      if (error instanceof AppError && error.code === "service_rejected") throw new SplitsNotShown();
      throw error;
    }
  }
  return { split, missing: new Set(transactionIds.filter((id) => !seen.has(id))) };
}
