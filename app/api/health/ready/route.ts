import { readiness } from "@/lib/health/ready";
import { APP_VERSION } from "@/lib/version";

// Readiness (lib/health/ready.ts): 200 when the database answers and every migration of this
// release is applied; 503 otherwise, and from the first moment of a stop. Which check failed goes to the log,
// not to whoever asks.
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const { ready } = await readiness();
  return Response.json(
    { status: ready ? "ready" : "not_ready", version: APP_VERSION },
    { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
