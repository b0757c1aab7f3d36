import { apiRoute } from "@/lib/http/route";
import { transactionEditor } from "@/lib/contracts/transactions";
import { AppError } from "@/lib/app-error";
import { editorData } from "@/lib/transactions/editor-data";
import { notCopiedMessage } from "@/lib/transactions/not-copied";

/** The editor asks again before review and when its tab comes back: has the gift changed? */
export const GET = apiRoute({ contract: transactionEditor }, async ({ connection, params }) => {
  const data = await editorData(connection.id, String(params.id));
  if (!data) throw new AppError("not_found", await notCopiedMessage(connection.id, String(params.id)));
  return data;
});
