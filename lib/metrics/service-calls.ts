// Connects lib/service's observer hooks to the metrics and the log: every call to the service
// counts by operation and status, with its latency, and a 429 counts once more on its own series;
// every failed attempt of an API call is logged, `service.call_retry` when it is tried again and
// `service.call_failed` when not, with operation, status, attempt and cause. The organization
// comes from the log context (lib/connections/service-access.ts sets it), never from a label.
import "server-only";
import { log } from "@/lib/log";
import { setServiceFailureObserver, setServiceObserver } from "@/lib/service/observer";
import { metrics } from "./registry";

export function installServiceMetrics(): void {
  const m = metrics();
  setServiceObserver((call) => {
    m.serviceCalls.inc({ method: call.method, operation: call.operation, status: call.status });
    m.serviceCallSeconds.observe({ method: call.method, operation: call.operation }, call.durationMs / 1000);
    if (call.status === "429") m.rateLimited.inc({ operation: call.operation });
  });
  setServiceFailureObserver(({ retrying, error, ...call }) => {
    log.warn(retrying ? "service.call_retry" : "service.call_failed", { ...call, cause: error });
  });
}
