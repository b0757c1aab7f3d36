// The not-found setting: a row whose transaction is not found is dropped with a notification
// (`notify`, the default) or with no other shown effect, as the interface says (`silent`).
import { describe, expect, it } from "vitest";
import { configFromEnv } from "@/emulator/config";
import { DEFAULT_SERVICE_ANSWERS } from "@/emulator/settings";
import { postSwitch, startTestEmulator, type TestEmulator, connect, connectedEmulatorPerFile } from "./helpers";
import { activeSplitsOf, row, runImport, splitsOf, type ImportWithNotifications } from "./import-helpers";

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

const EXT_1 = "ext-1001-0001";

const codes = (result: ImportWithNotifications) => result.notifications.map((n) => [n.row, n.code]);

function setNotFound(mode: string): Promise<Response> {
  return postSwitch(emu, "settings", { not_found: mode });
}

async function stateSettings(): Promise<unknown> {
  const response = await fetch(`${emu.url}/__emulator/state`);
  return ((await response.json()) as { settings: unknown }).settings;
}

// One good gift, one unknown external id, one transaction id sent without match_by transaction_id.
const MIXED_ROWS = [
  row(EXT_1, 10000, { id: `${EXT_1}:all` }),
  row("no-such-gift", 100, { id: "no-such-gift:a" }),
  row("51001003", 12345, { id: "51001003:a" }),
];

describe("not-found rows, notify (the default)", () => {
  it("notifies each not-found row and counts it as dropped", async () => {
    expect(await stateSettings()).toEqual({
      ...DEFAULT_SERVICE_ANSWERS,
      not_found: "notify",
      query_splits: "shown",
      query_sync_version: "shown",
    });
    const result = await runImport(emu, token, MIXED_ROWS);
    expect(result).toMatchObject({ rows_total: 3, rows_imported: 1, rows_dropped: 2 });
    expect(codes(result)).toEqual([
      [1, "transaction_not_found"],
      [2, "transaction_not_found"],
    ]);
  });
});

describe("not-found rows, silent (as the interface says)", () => {
  it("drops them with no notification, and the counts read as imported", async () => {
    const set = await setNotFound("silent");
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({
      ok: true,
      settings: { ...DEFAULT_SERVICE_ANSWERS, not_found: "silent", query_splits: "shown", query_sync_version: "shown" },
    });

    const result = await runImport(emu, token, MIXED_ROWS);
    expect(result.notifications).toEqual([]);
    // "No other shown effect": the counts do not give the drop away either.
    expect(result).toMatchObject({ status: "Complete", rows_total: 3, rows_imported: 3, rows_dropped: 0 });
    // Yet nothing was written for the rows that found no transaction.
    const splits = await splitsOf(emu, 1001);
    expect(splits.map((s) => s.id)).toEqual([`${EXT_1}:all`]);
    expect(await activeSplitsOf(emu, 1001, "51001003")).toEqual([]);
  });

  it("still notifies every other drop: an overlapping id, even on a row whose transaction is missing", async () => {
    await setNotFound("silent");
    const result = await runImport(emu, token, [
      row(EXT_1, 10000, { id: "51001002" }),
      row("no-such-gift", 100, { id: "ext-1001-0004" }),
      row("no-such-gift", 100, { id: "no-such-gift:a" }),
      row(EXT_1, 0, { id: `${EXT_1}:zero` }),
      row("ext-1001-0002", 2000, { id: "ext-1001-0002:a" }),
    ]);
    expect(codes(result)).toEqual([
      [0, "overlapping_id"],
      [1, "overlapping_id"],
      [3, "invalid_row"],
      [4, "sum_mismatch"],
    ]);
    // The silent drop (row 2) counts as imported; the notified ones as dropped.
    expect(result).toMatchObject({ rows_total: 5, rows_imported: 1, rows_dropped: 4 });
  });

  it("applies to imports processed after the switch, and each call states the whole setting", async () => {
    await setNotFound("silent");
    expect(await stateSettings()).toEqual({
      ...DEFAULT_SERVICE_ANSWERS,
      not_found: "silent",
      query_splits: "shown",
      query_sync_version: "shown",
    });
    // Left out: back to the configured default.
    await postSwitch(emu, "settings", { query_splits: "ignored", query_sync_version: "shown" });
    expect(await stateSettings()).toEqual({
      ...DEFAULT_SERVICE_ANSWERS,
      not_found: "notify",
      query_splits: "ignored",
      query_sync_version: "shown",
    });
    const result = await runImport(emu, token, [row("no-such-gift", 100)]);
    expect(codes(result)).toEqual([[0, "transaction_not_found"]]);
  });

  it("is restored to the configured default by a reset", async () => {
    await setNotFound("silent");
    await fetch(`${emu.url}/__emulator/reset`, { method: "POST" });
    expect(await stateSettings()).toEqual({
      ...DEFAULT_SERVICE_ANSWERS,
      not_found: "notify",
      query_splits: "shown",
      query_sync_version: "shown",
    });
  });

  it("refuses an unknown mode or field and keeps the previous setting", async () => {
    await setNotFound("silent");
    for (const body of [{ not_found: "quiet" }, { not_found: "silent", verbose: true }]) {
      const response = await postSwitch(emu, "settings", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, error: expect.any(String) });
    }
    expect(await stateSettings()).toEqual({
      ...DEFAULT_SERVICE_ANSWERS,
      not_found: "silent",
      query_splits: "shown",
      query_sync_version: "shown",
    });
  });
});

describe("not-found setting from the configuration", () => {
  it("makes silent the default, also after a reset", async () => {
    const silent = await startTestEmulator({ importDelayMs: 0, notFound: "silent" });
    try {
      await postSwitch(silent, "settings", { not_found: "notify" });
      await fetch(`${silent.url}/__emulator/reset`, { method: "POST" });
      const fresh = (await connect(silent)).access_token;
      const result = await runImport(silent, fresh, [row("no-such-gift", 100, { id: "x:1" })]);
      expect(result).toMatchObject({ notifications: [], rows_imported: 1, rows_dropped: 0 });
    } finally {
      await silent.close();
    }
  });

  it("reads both settings from the environment and fails fast on an unknown value", () => {
    expect(() => configFromEnv({ NODE_ENV: "test", EMULATOR_NOT_FOUND: "quiet" })).toThrow(
      /EMULATOR_NOT_FOUND must be one of notify, silent/,
    );
    expect(() => configFromEnv({ NODE_ENV: "test", EMULATOR_QUERY_SPLITS: "never" })).toThrow(
      /shown, ignored, refused/,
    );
    expect(
      configFromEnv({ NODE_ENV: "test", EMULATOR_NOT_FOUND: "silent", EMULATOR_QUERY_SPLITS: "refused" }),
    ).toMatchObject({
      notFound: "silent",
      querySplits: "refused",
    });
  });
});
