// One page of the transaction query on a connection's behalf, through its adaptive limit
// (lib/connections/service-access.ts). A lapsed query token is an answer, not a failure: the
// caller goes on from its own cursor. A new query that asks for splits and is refused is asked
// again without them: the answer's gifts then carry no `splits`, which the caller reads as "not
// shown" (sync-splits.ts), and the sync goes on.
import "server-only";
import { withServiceAccess } from "@/lib/connections/service-access";
import type { Connection } from "@/lib/generated/prisma/client";
import { ServiceApiError } from "@/lib/service/errors";
import { queryTransactions, type QueryAnswer, type TransactionQuery } from "@/lib/service/transactions";

export async function readPage(
  connection: Connection | string,
  page: { query?: TransactionQuery; queryToken?: string; perPage?: number; withSplits?: boolean },
): Promise<QueryAnswer | "token lapsed"> {
  return withServiceAccess(connection, async (token, target): Promise<QueryAnswer | "token lapsed"> => {
    try {
      return await queryTransactions(target, token, page);
    } catch (error) {
      const refused = error instanceof ServiceApiError && error.status === 400;
      // An expired or forgotten token is a 400; the run goes on from its own cursor.
      if (page.queryToken && refused) return "token lapsed";
      // A service that does not know `include` refuses the whole query. Were the 400 about
      // something else, the query fails again without it, and that failure is the answer.
      if (page.withSplits && refused) return queryTransactions(target, token, { ...page, withSplits: false });
      throw error;
    }
  });
}
