// Connects lib/service's observer hook to the metrics: every call to the service counts by
// operation and status, with its latency, and a 429 counts once more on its own series.
import "server-only";
import { setServiceObserver } from "@/lib/service/observer";
import { metrics } from "./registry";

export function installServiceMetrics(): void {
  const m = metrics();
  setServiceObserver((call) => {
    m.serviceCalls.inc({ method: call.method, operation: call.operation, status: call.status });
    m.serviceCallSeconds.observe({ method: call.method, operation: call.operation }, call.durationMs / 1000);
    if (call.status === "429") m.rateLimited.inc({ operation: call.operation });
  });
}
