// docs/alerts/apportion.rules.yml: valid for Prometheus (`promtool check rules`), and every series
// it names is one the app registers, so a renamed metric cannot leave an alert that never fires.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { metrics } from "@/lib/metrics/registry";
import { hasPromtool, promtool } from "../support/promtool";

const RULES = "docs/alerts/apportion.rules.yml";

describe("the alert rules", () => {
  it.skipIf(!hasPromtool)("pass promtool check rules", () => {
    const { status, output } = promtool(["check", "rules", RULES]);
    expect(output).toContain("SUCCESS");
    expect(status).toBe(0);
  });

  it("name only series the app registers, and cover what must page", () => {
    const registered = new Set(
      metrics()
        .registry.getMetricsAsArray()
        .map((metric) => metric.name),
    );
    const text = readFileSync(RULES, "utf8");
    const used = new Set(
      [...text.matchAll(/\b(apportion_\w+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, "")),
    );
    expect(used.size).toBeGreaterThan(8);
    expect([...used].filter((name) => !registered.has(name))).toEqual([]);
    for (const alert of [
      "ApportionDown",
      "ApportionNoLiveWorker",
      "ApportionWorkerHeartbeatStale",
      "ApportionOutboxWaitingTooLong",
      "ApportionHttpErrors",
      "ApportionReadBackNotVerifiedRising",
      "ApportionTokenRefreshFailing",
      "ApportionSyncLag",
    ])
      expect(text).toContain(`alert: ${alert}\n`);
  });
});
