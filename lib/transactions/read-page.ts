// One page of the transaction query on a connection's behalf, through its adaptive limit
// (lib/connections/service-access.ts). A lapsed query token is an answer, not a failure: the
// caller goes on from its own cursor.
import "server-only";
import { withServiceAccess } from "@/lib/connections/service-access";
import type { Connection } from "@/lib/generated/prisma/client";
import { ServiceApiError } from "@/lib/service/errors";
import { queryTransactions, type QueryAnswer, type TransactionQuery } from "@/lib/service/transactions";

export async function readPage(
  connection: Connection | string,
  page: { query?: TransactionQuery; queryToken?: string; perPage?: number },
): Promise<QueryAnswer | "token lapsed"> {
  return withServiceAccess(connection, (token, target) =>
    queryTransactions(target, token, page).catch((error: unknown) => {
      // An expired or forgotten token is a 400; the run goes on from its own cursor.
      if (page.queryToken && error instanceof ServiceApiError && error.status === 400) return "token lapsed" as const;
      throw error;
    }),
  );
}
