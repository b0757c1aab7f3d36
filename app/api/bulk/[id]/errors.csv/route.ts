import { apiRoute } from "@/lib/http/route";
import { errorCsv } from "@/lib/bulk/read";

/** The rows that cannot be sent, with an error column, as a download. */
export const GET = apiRoute({}, async ({ connection, params }) => {
  const { fileName, csv } = await errorCsv(connection.id, String(params.id));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
