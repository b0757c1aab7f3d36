import { describe, expect, it } from "vitest";
import { HARBOR, connect, type TestEmulator, connectedEmulatorPerFile } from "./helpers";
import { activeSplitsOf, row, runImport, splitsOf, type ImportWithNotifications } from "./import-helpers";

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

// Seed (organization 1001): 51001001 = ext-1001-0001 totals 10000; 51001002 = ext-1001-0002
// totals 2500; 51001003 (no external id) totals 12345; 51001013 = ext-1001-0013 totals 10001.
const EXT_1 = "ext-1001-0001";

function codes(result: ImportWithNotifications) {
  return result.notifications.map((n) => [n.row, n.code]);
}

const amounts = (splits: { id: string | null; unit_amount_in_cents: number; quantity: number }[]) =>
  splits.map((s) => [s.id, s.unit_amount_in_cents, s.quantity]);

describe("splitting a transaction", () => {
  it("splits three ways by external id (the default match)", async () => {
    const result = await runImport(emu, token, [
      row(EXT_1, 5000, { id: `${EXT_1}:a`, campaign: "Annual Appeal 2026" }),
      row(EXT_1, 3000, { id: `${EXT_1}:b`, fund: "Operations", campaign_id: "2100103" }),
      row(EXT_1, 2000, { id: `${EXT_1}:c`, fund: "Capital Campaign", fund_id: "" }),
    ]);
    expect(result).toMatchObject({ status: "Complete", match_by: "id", rows_imported: 3, rows_dropped: 0 });
    expect(result.notifications).toEqual([]);
    const splits = await splitsOf(emu, 1001);
    expect(splits).toHaveLength(3);
    expect(splits[0]).toEqual({
      id: `${EXT_1}:a`,
      transaction_id: "51001001",
      unit_amount_in_cents: 5000,
      quantity: 1,
      campaign: "Annual Appeal 2026",
      campaign_id: "2100101",
      parent_campaign: null,
      fund: "General",
      fund_id: "3100101",
      deleted_at: null,
      created_by_import: result.id,
      updated_by_import: result.id,
    });
    // An id wins over the name; a new fund is created with the next id; no campaign means the app's name.
    expect(splits[1]).toMatchObject({ campaign: "Holiday Meals", campaign_id: "2100103", fund_id: "3100103" });
    expect(splits[2]).toMatchObject({ campaign: "Apportion", campaign_id: "2100105", fund: "Capital Campaign" });
    expect(splits[2]?.fund_id).toBe("3100105");
  });

  it("matches by the service's transaction id for a transaction without external id", async () => {
    const result = await runImport(
      emu,
      token,
      [row("51001003", 12000, { id: "51001003:a" }), row("51001003", 345, { id: "51001003:b" })],
      "transaction_id",
    );
    expect(result).toMatchObject({ match_by: "transaction_id", rows_imported: 2, notifications: [] });
    expect(amounts(await activeSplitsOf(emu, 1001, "51001003"))).toEqual([
      ["51001003:a", 12000, 1],
      ["51001003:b", 345, 1],
    ]);
  });

  it("does not find an external id with match_by transaction_id, nor a transaction id by default", async () => {
    const byTransactionId = await runImport(emu, token, [row(EXT_1, 10000, { id: "s:1" })], "transaction_id");
    expect(byTransactionId.notifications).toMatchObject([
      {
        row: 0,
        code: "transaction_not_found",
        transaction_id: EXT_1,
        message: expect.stringContaining("transaction id"),
      },
    ]);
    const byExternalId = await runImport(emu, token, [row("51001003", 12345, { id: "s:2" })]);
    expect(byExternalId.notifications).toMatchObject([
      { row: 0, code: "transaction_not_found", message: expect.stringContaining('external id "51001003"') },
    ]);
    const explicitId = await runImport(emu, token, [row("51001001", 10000, { id: "s:3" })], "id");
    expect(codes(explicitId)).toEqual([[0, "transaction_not_found"]]);
    expect(await splitsOf(emu, 1001)).toEqual([]);
  });

  it("does not find another organization's transaction", async () => {
    const result = await runImport(emu, token, [row("ext-1002-0001", 10000, { id: "h:1" })]);
    expect(codes(result)).toEqual([[0, "transaction_not_found"]]);
    const harbor = (await connect(emu, { email: HARBOR.email })).access_token;
    const theirs = await runImport(emu, harbor, [row("ext-1002-0001", 10000, { id: "h:1" })]);
    expect(theirs.rows_imported).toBe(1);
    expect(await splitsOf(emu, 1001)).toEqual([]);
    expect(await splitsOf(emu, 1002)).toHaveLength(1);
  });

  it("counts quantity (default 1) in the sum", async () => {
    const result = await runImport(emu, token, [
      row(EXT_1, 2000, { id: `${EXT_1}:a`, quantity: 2 }),
      row(EXT_1, 3000, { id: `${EXT_1}:b`, quantity: 2 }),
    ]);
    expect(result.rows_imported).toBe(2);
    const mixed = await runImport(emu, token, [
      row("ext-1001-0002", 1000, { id: "ext-1001-0002:a", quantity: 2 }),
      row("ext-1001-0002", 500, { id: "ext-1001-0002:b" }),
    ]);
    expect(mixed.rows_imported).toBe(2);
    expect(amounts(await activeSplitsOf(emu, 1001, "51001002"))).toEqual([
      ["ext-1001-0002:a", 1000, 2],
      ["ext-1001-0002:b", 500, 1],
    ]);
  });

  it("accepts the amount as a numeric string", async () => {
    const result = await runImport(emu, token, [
      row("ext-1001-0002", "1250", { id: "ext-1001-0002:a" }),
      row("ext-1001-0002", 1250, { id: "ext-1001-0002:b" }),
    ]);
    expect(result.rows_imported).toBe(2);
    expect((await activeSplitsOf(emu, 1001, "51001002")).map((s) => s.unit_amount_in_cents)).toEqual([1250, 1250]);
  });

  it("splits an odd total only into parts that add up exactly", async () => {
    const uneven = await runImport(emu, token, [
      row("ext-1001-0013", 5000, { id: "ext-1001-0013:a" }),
      row("ext-1001-0013", 5000, { id: "ext-1001-0013:b" }),
    ]);
    expect(codes(uneven)).toEqual([
      [0, "sum_mismatch"],
      [1, "sum_mismatch"],
    ]);
    const exact = await runImport(emu, token, [
      row("ext-1001-0013", 5001, { id: "ext-1001-0013:a" }),
      row("ext-1001-0013", 5000, { id: "ext-1001-0013:b" }),
    ]);
    expect(exact.rows_imported).toBe(2);
  });

  it("creates a campaign under a new or existing parent", async () => {
    const result = await runImport(emu, token, [
      row(EXT_1, 6000, { id: `${EXT_1}:a`, campaign: "Food Rescue", parent_campaign: "Annual Appeal 2026" }),
      row(EXT_1, 4000, {
        id: `${EXT_1}:b`,
        campaign: "Gleaning",
        parent_campaign: "Harvest 2026",
        parent_campaign_id: "p-1",
      }),
    ]);
    expect(result.notifications).toEqual([]);
    const [a, b] = await splitsOf(emu, 1001);
    expect(a).toMatchObject({ campaign: "Food Rescue", campaign_id: "2100105", parent_campaign: "Annual Appeal 2026" });
    expect(b).toMatchObject({ campaign: "Gleaning", parent_campaign: "Harvest 2026" });
    const campaigns = emu.state.organizations.get(1001)?.campaigns ?? [];
    expect(campaigns.find((c) => c.campaign === "Food Rescue")?.parent_campaign_id).toBe("2100101");
    expect(campaigns.find((c) => c.campaign_id === "p-1")).toEqual({
      campaign_id: "p-1",
      campaign: "Harvest 2026",
      parent_campaign_id: null,
    });
  });
});

describe("dropped rows", () => {
  it("drops a row whose id overlaps a transaction's id or external id, with a notification", async () => {
    const result = await runImport(emu, token, [
      row(EXT_1, 10000, { id: "51001002" }),
      row(EXT_1, 10000, { id: "ext-1001-0004" }),
      row("ext-1001-0002", 2500, { id: "ext-1001-0002:a" }),
    ]);
    expect(result).toMatchObject({ rows_total: 3, rows_imported: 1, rows_dropped: 2 });
    expect(result.notifications[0]).toEqual({
      import_id: result.id,
      row: 0,
      id: "51001002",
      transaction_id: EXT_1,
      code: "overlapping_id",
      message: expect.stringContaining('the id "51001002" is already the id of a transaction'),
    });
    expect(codes(result)).toEqual([
      [0, "overlapping_id"],
      [1, "overlapping_id"],
    ]);
    expect((await splitsOf(emu, 1001)).map((s) => s.id)).toEqual(["ext-1001-0002:a"]);
  });

  it.each([
    ["0", 0],
    ["-5", -5],
    ['"12.5"', "12.5"],
    ["12.5", 12.5],
    ['"1e3"', "1e3"],
    ['""', ""],
    ["null", null],
  ])("drops an amount of %s as invalid_row naming the field", async (_label, amount) => {
    const result = await runImport(emu, token, [row("ext-1001-0002", amount as number, { id: "ext-1001-0002:a" })]);
    expect(result.notifications).toMatchObject([
      { row: 0, code: "invalid_row", message: expect.stringContaining("unit_amount_in_cents") },
    ]);
  });

  it.each([
    ["a missing amount", { transaction_id: "ext-1001-0002", fund: "General" }, "unit_amount_in_cents"],
    ["quantity 0", row("ext-1001-0002", 2500, { quantity: 0 }), "quantity"],
    ["quantity 1.5", row("ext-1001-0002", 2500, { quantity: 1.5 }), "quantity"],
    ["a missing fund", { transaction_id: "ext-1001-0002", unit_amount_in_cents: 2500 }, "fund is required"],
    ["a blank fund", row("ext-1001-0002", 2500, { fund: " " }), "fund is required"],
    ["a missing transaction_id", { unit_amount_in_cents: 2500, fund: "General" }, "transaction_id is required"],
    ["a numeric id", row("ext-1001-0002", 2500, { id: 7 }), "id, when given"],
    ["an unknown field", row("ext-1001-0002", 2500, { amount: 1 }), "unknown field(s): amount"],
    [
      "a campaign that is its own parent",
      row("ext-1001-0002", 2500, { campaign: "A", parent_campaign: "A" }),
      "parent_campaign",
    ],
    [
      "an unknown parent_campaign_id alone",
      row("ext-1001-0002", 2500, { parent_campaign_id: "zzz" }),
      "parent_campaign_id",
    ],
    ["a row that is not an object", "ext-1001-0002", "JSON object"],
  ])("drops %s as invalid_row", async (_label, input, message) => {
    const result = await runImport(emu, token, [input as Record<string, unknown>]);
    expect(result.notifications).toMatchObject([
      { row: 0, code: "invalid_row", message: expect.stringContaining(message) },
    ]);
    expect(result.rows_dropped).toBe(1);
  });

  it("keeps the good rows of an import and drops the bad ones", async () => {
    const result = await runImport(emu, token, [
      row("ext-1001-0002", 2500, { id: "ext-1001-0002:a" }),
      row("no-such", 100, { id: "x" }),
      row("51001003", 12345, { id: "51001003:a" }),
    ]);
    expect(result).toMatchObject({ rows_imported: 1, rows_dropped: 2 });
    expect(codes(result)).toEqual([
      [1, "transaction_not_found"],
      [2, "transaction_not_found"],
    ]);
  });
});
