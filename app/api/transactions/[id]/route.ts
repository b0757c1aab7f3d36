import { apiRoute } from "@/lib/api/route";
import { AppError } from "@/lib/app-error";
import { getTransaction } from "@/lib/transactions/read";

export const GET = apiRoute({}, async ({ connection, params }) => {
  const transaction = await getTransaction(connection.id, String(params.id));
  if (!transaction) throw new AppError("not_found", "This transaction is not known. Refresh the transactions list.");
  return transaction;
});
