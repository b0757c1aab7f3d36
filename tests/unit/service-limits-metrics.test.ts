import { describe, expect, it } from "vitest";
import { limitFor } from "@/lib/connections/service-limits";
import { adaptiveLimits } from "@/lib/metrics/adaptive-limit";

describe("the adaptive limit's gauge", () => {
  it("reads the current concurrency of every connection this process calls for", () => {
    const before = [...adaptiveLimits()].length;
    const limit = limitFor("gauge-test-connection");
    const values = [...adaptiveLimits()];
    expect(values).toHaveLength(before + 1);
    expect(values).toContain(limit.snapshot().concurrency);
  });
});
