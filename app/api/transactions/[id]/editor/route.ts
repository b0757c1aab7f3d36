import { apiRoute } from "@/lib/api/route";
import { AppError } from "@/lib/app-error";
import { editorData } from "@/lib/transactions/editor-data";

/** The editor asks again before review and when its tab comes back: has the gift changed? */
export const GET = apiRoute({}, async ({ connection, params }) => {
  const data = await editorData(connection.id, String(params.id));
  if (!data) throw new AppError("not_found", "This transaction is not known. Refresh the transactions list.");
  return data;
});
