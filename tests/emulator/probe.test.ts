// The service probe against the default emulator: every check holds, and nothing is written
// without the confirmation.
import { describe, expect, it } from "vitest";
import { emulatorPerFile, type TestEmulator } from "./helpers";
import { splitsOf } from "./import-helpers";
import { emulatorState, probe, verdicts } from "./probe-helpers";

let emu: TestEmulator;
emulatorPerFile((started) => (emu = started), { importDelayMs: 0 });

describe("service probe, default emulator", () => {
  it("walks the flow and finds every assumption holding, the one-split import and its reverse included", async () => {
    const before = (await emulatorState(emu)).organizations.find((o) => o.id === 1001)!;
    const questions: string[] = [];
    const report = await probe(emu, { gift: "ext-1001-0001", confirm: true, questions });
    expect(verdicts(report)).toEqual({
      "state echoed": "holds",
      "PKCE accepted or ignored": "holds",
      "token answer field types": "holds",
      "account details, organization.id": "holds",
      "integration status": "holds",
      "transactions query and paging": "holds",
      "one-split import": "holds",
      "import status values": "holds",
      "reverse of the split": "holds",
      "imports listing and notifications": "holds",
      "refresh (JSON)": "holds",
      "refresh (form)": "not checked: JSON was accepted: the app sends a form only when JSON is refused",
      "refused refresh": "holds",
      "grant ended": "holds",
    });
    expect(report.config).toEqual({});
    expect(questions).toHaveLength(2);
    // The split was written, then soft-deleted by the reverse.
    const splits = await splitsOf(emu, 1001);
    expect(splits.map((s) => [s.id, s.deleted_at !== null])).toEqual([["51001001:probe", true]]);
    // The split named the gift's own campaign and fund: the service created none.
    expect(questions[0]).toMatch(/campaign "[^"]+", fund "[^"]+"/);
    const after = await emulatorState(emu);
    expect(after.organizations.find((o) => o.id === 1001)).toMatchObject({
      campaigns: before.campaigns,
      funds: before.funds,
    });
  });

  it("without a write makes one rotating refresh, as the README lists, and ends its grant", async () => {
    const report = await probe(emu, { gift: "51001003", confirm: false });
    const state = await emulatorState(emu);
    expect(state.stats.tokenRequests).toMatchObject({ authorization_code: 1, refresh_token: 2 }); // 1 real + 1 made-up
    expect(state.grants.map((g) => g.status)).toEqual(["disconnected"]);
    expect(verdicts(report)["grant ended"]).toBe("holds");
  });

  it("never writes without the confirmation, and says so", async () => {
    const report = await probe(emu, { gift: "51001003", confirm: false });
    expect(verdicts(report)["one-split import"]).toBe("not checked: not confirmed: nothing was written");
    expect(verdicts(report)["import status values"]).toBe("not checked: no import was made");
    expect(await splitsOf(emu, 1001)).toEqual([]);
    const imports = await (await fetch(`${emu.url}/__emulator/organizations/1001/imports`)).json();
    expect(imports).toEqual({ imports: [] });
  });

  it("says what it did not check when no gift is named", async () => {
    const report = await probe(emu);
    expect(verdicts(report)["one-split import"]).toBe("not checked: no gift named (--gift)");
  });
});
