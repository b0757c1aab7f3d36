import { withAccessLog } from "@/lib/http/access-log";
import { metricsAnswer } from "@/lib/metrics/expose";

// Prometheus metrics for the operator only: `Authorization: Bearer <METRICS_TOKEN>`; off (404) in
// production when no token is configured (lib/metrics/expose.ts).
export const dynamic = "force-dynamic";

export const GET = withAccessLog(async (request: Request): Promise<Response> => {
  const answer = await metricsAnswer(request.headers.get("authorization"));
  return new Response(answer.body, {
    status: answer.status,
    headers: { "Content-Type": answer.contentType, "Cache-Control": "no-store" },
  });
});
