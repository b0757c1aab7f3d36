import { APP_VERSION } from "@/lib/version";

// Liveness: the process answers. No session, no database, nothing an attacker could use beyond
// the release's version (which the operator wants to see during a rolling deploy).
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok", version: APP_VERSION }, { headers: { "Cache-Control": "no-store" } });
}
