import { apiRoute } from "@/lib/http/route";
import { fundsRead } from "@/lib/contracts/funds";
import { fundsRangeSchema } from "@/lib/funds/range";
import { fundsReport } from "@/lib/funds/report";

/** Where the money is, for the signed-in organization: ?from=YYYY-MM-DD&to=YYYY-MM-DD. */
export const GET = apiRoute({ contract: fundsRead }, async ({ connection, request }) => {
  const range = fundsRangeSchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  return fundsReport(connection.id, range);
});
