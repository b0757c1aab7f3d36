import { apiRoute } from "@/lib/http/route";
import { transactionsList } from "@/lib/contracts/transactions";
import { transactionFiltersSchema } from "@/lib/transactions/filters";
import { listTransactions } from "@/lib/transactions/read";

export const GET = apiRoute({ contract: transactionsList }, async ({ connection, request }) => {
  const filters = transactionFiltersSchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  return listTransactions(connection.id, filters);
});
