import { metricsAnswer } from "@/lib/metrics/expose";

// Prometheus metrics for the operator only: `Authorization: Bearer <METRICS_TOKEN>`; off (404) in
// production when no token is configured (lib/metrics/expose.ts).
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const answer = await metricsAnswer(request.headers.get("authorization"));
  return new Response(answer.body, {
    status: answer.status,
    headers: { "Content-Type": answer.contentType, "Cache-Control": "no-store" },
  });
}
