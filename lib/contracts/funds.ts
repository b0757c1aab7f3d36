// The funds report's JSON route (app/api/funds); the page reads the report on the server and the
// CSV is a download, so no browser call uses it yet.
import type { fundsReport } from "@/lib/funds/report";
import { contract } from "./contract";

/** GET /api/funds?from&to (lib/funds/range.ts) */
export const fundsRead = contract<Awaited<ReturnType<typeof fundsReport>>>();
