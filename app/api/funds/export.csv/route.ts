import { apiRoute } from "@/lib/http/route";
import { fundsCsv } from "@/lib/funds/csv";
import { fundsRangeSchema } from "@/lib/funds/range";
import { fundsReport } from "@/lib/funds/report";

/** The funds page's table as a CSV download, for the page's range; streamed a section at a time. */
export const GET = apiRoute({}, async ({ connection, request }) => {
  const range = fundsRangeSchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  const sections = fundsCsv(await fundsReport(connection.id, range));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = sections.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="apportion-funds-${range.from}-to-${range.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
