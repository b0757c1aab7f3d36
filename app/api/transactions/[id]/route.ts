import { apiRoute } from "@/lib/http/route";
import { transactionRead } from "@/lib/contracts/transactions";
import { AppError } from "@/lib/app-error";
import { notCopiedMessage } from "@/lib/transactions/not-copied";
import { getTransaction, resolveTransactionId } from "@/lib/transactions/read";

/** A gift by the service's transaction id or by its external id. */
export const GET = apiRoute({ contract: transactionRead }, async ({ connection, params }) => {
  const id = await resolveTransactionId(connection.id, String(params.id));
  const transaction = id === null ? null : await getTransaction(connection.id, id);
  if (!transaction) throw new AppError("not_found", await notCopiedMessage(connection.id, String(params.id)));
  return transaction;
});
