import { apiRoute } from "@/lib/http/route";
import { historyCsv } from "@/lib/submissions/history-csv";
import { historyFiltersSchema } from "@/lib/submissions/list";

/** History as a CSV download, with the page's filters; streamed a page of changes at a time. */
export const GET = apiRoute({}, async ({ connection, request }) => {
  const filters = historyFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const lines = historyCsv(connection.id, connection.status === "active", filters);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="apportion-history-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
