// A probe report (npm run service:probe) configures the app where it is meant to: the imports
// listing path it found is where lib/service asks for an import's notifications.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serviceTarget } from "@/lib/connections/service-target";
import { ConfigError, clearEnvCache, parseEnv } from "@/lib/env";
import { getImportNotifications } from "@/lib/service/imports";
import type { ProbeReport } from "@/probe/probe";

function reportFile(config: ProbeReport["config"]): string {
  const path = join(mkdtempSync(join(tmpdir(), "probe-report-")), "report.json");
  const report: ProbeReport = { probed_at: "2026-11-23T21:00:00Z", base_url: "https://x.example", checks: [], config };
  writeFileSync(path, JSON.stringify(report));
  return path;
}

/** A fetch that answers any listing with one import and records the paths asked for. */
function recordingFetch(paths: string[]): typeof fetch {
  return (input) => {
    const url = new URL(String(input));
    paths.push(url.pathname);
    const body = { imports: [{ id: 7, status: "Complete", notifications: [{ row: 0, code: "overlapping_id" }] }] };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  };
}

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  clearEnvCache();
});

describe("probe report in the configuration", () => {
  it("takes the listing path from the report, and lib/service asks there", async () => {
    expect(parseEnv({ NODE_ENV: "development" }).SERVICE_IMPORTS_LIST_PATH).toBeUndefined();
    process.env.SERVICE_PROBE_REPORT = reportFile({ imports_list_path: "/imports/notifications" });
    clearEnvCache();
    const paths: string[] = [];
    const notifications = await getImportNotifications({ ...serviceTarget(), fetch: recordingFetch(paths) }, "t", "7");
    expect(paths).toEqual(["/admin/oauth2/api/v1/imports/notifications"]);
    expect(notifications).toEqual([{ row: 0, code: "overlapping_id" }]);
  });

  it("asks at /imports/list without a report, and an explicit variable wins over the report", async () => {
    const paths: string[] = [];
    await getImportNotifications({ ...serviceTarget(), fetch: recordingFetch(paths) }, "t", "7");
    expect(paths).toEqual(["/admin/oauth2/api/v1/imports/list"]);
    const env = parseEnv({
      NODE_ENV: "development",
      SERVICE_PROBE_REPORT: reportFile({ imports_list_path: "/imports/notifications" }),
      SERVICE_IMPORTS_LIST_PATH: "/imports/log",
    });
    expect(env.SERVICE_IMPORTS_LIST_PATH).toBe("/imports/log");
  });

  it("refuses to start on a report it cannot read", () => {
    expect(() => parseEnv({ NODE_ENV: "development", SERVICE_PROBE_REPORT: "/nonexistent/report.json" })).toThrow(
      ConfigError,
    );
  });
});
