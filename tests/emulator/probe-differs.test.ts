// The service probe against an emulator set to answer differently from its defaults
// (emulator/settings.ts, SERVICE_ANSWERS): each changed behaviour is reported as "differs" with
// what was seen, and what the report says configures the app (the listing path).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serviceTarget } from "@/lib/connections/service-target";
import { clearEnvCache } from "@/lib/env";
import { ServiceApiError } from "@/lib/service/errors";
import { getImportNotifications } from "@/lib/service/imports";
import { connect, emulatorPerFile, postSwitch, type TestEmulator } from "./helpers";
import { row, submit, waitForImport } from "./import-helpers";
import { probe, verdicts } from "./probe-helpers";

let emu: TestEmulator;
emulatorPerFile((started) => (emu = started), { importDelayMs: 0 });

async function set(settings: Record<string, string>) {
  const response = await postSwitch(emu, "settings", settings);
  expect(response.status).toBe(200);
}

const onlyTheWrite = (question: string) => question.startsWith("Write");

describe("service probe, each behaviour changed", () => {
  it.each([
    [{ state: "dropped" }, "state echoed", "differs: the callback carried no state"],
    [{ pkce: "ignored" }, "PKCE accepted or ignored", "holds"],
    [{ pkce: "refused" }, "PKCE accepted or ignored", "differs: the exchange with code_verifier was refused: 400"],
    [
      { initial_token: "no_refresh_token" },
      "token answer field types",
      "differs: no refresh_token in the initial answer",
    ],
    [{ initial_token: "no_refresh_token" }, "refresh (JSON)", "not checked: the code exchange gave no refresh_token"],
    [
      { details: "top_level" },
      "account details, organization.id",
      "differs: 200, no organization.id; top-level keys: id, name",
    ],
    [{ integration_status: "missing" }, "integration status", "differs: 404"],
    [
      { query_paging: "no_token" },
      "transactions query and paging",
      "differs: more pages were announced without a query_token",
    ],
    [{ import_statuses: "other" }, "import status values", "differs: undocumented:"],
    [
      { imports_listing: "notifications" },
      "imports listing and notifications",
      "differs: found at /imports/notifications",
    ],
    [{ refresh_body: "form" }, "refresh (JSON)", "differs: 400"],
    [{ refresh_body: "form" }, "refresh (form)", "differs: only the form is accepted"],
    [{ refresh_body: "both" }, "refresh (form)", "not checked: JSON was accepted"],
    [{ refused_refresh: "unauthorized" }, "refused refresh", 'differs: 401 {"valid":false,"errors":["Unauthorized"]}'],
  ])("%j: %s", async (settings, check, expected) => {
    await set(settings);
    const report = await probe(emu, { gift: "ext-1001-0001", confirm: onlyTheWrite });
    expect(verdicts(report)[check]?.startsWith(expected), verdicts(report)[check]).toBe(true);
    // Only the changed behaviour differs.
    const differing = report.checks.filter((c) => c.verdict === "differs").map((c) => c.check);
    expect(differing.length).toBeLessThanOrEqual(2);
  });

  it("puts what differs into the report's configuration", async () => {
    await set({ imports_listing: "notifications", refresh_body: "form" });
    const report = await probe(emu);
    expect(report.config).toEqual({ imports_list_path: "/imports/notifications", refresh_encoding: "form" });
  });
});

describe("the report configures the app", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    clearEnvCache();
  });

  it("makes lib/service read an import's notifications where the probe found the listing", async () => {
    await set({ imports_listing: "notifications" });
    const report = await probe(emu);
    const token = (await connect(emu)).access_token;
    // A split id that overlaps a transaction id: dropped with a notification.
    const submitted = await submit(emu, token, [row("ext-1001-0001", 100, { id: "51001001" })]);
    await waitForImport(emu, token, submitted);
    const id = String(submitted);
    process.env.SERVICE_BASE_URL = emu.url;
    clearEnvCache();
    // Without the report the app asks at /imports/list, which this service does not have.
    await expect(getImportNotifications(serviceTarget(), token, id)).rejects.toBeInstanceOf(ServiceApiError);

    const path = join(mkdtempSync(join(tmpdir(), "probe-")), "report.json");
    writeFileSync(path, JSON.stringify(report));
    process.env.SERVICE_PROBE_REPORT = path;
    clearEnvCache();
    const notifications = await getImportNotifications(serviceTarget(), token, id);
    expect(notifications?.map((n) => n.code)).toEqual(["overlapping_id"]);
  });
});
