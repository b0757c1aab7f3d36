import { describe, expect, it } from "vitest";
import { type TestEmulator, connectedEmulatorPerFile } from "./helpers";
import { activeSplitsOf, row, runImport, splitsOf } from "./import-helpers";

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

// ext-1001-0001 is transaction 51001001, total 10000.
const EXT_1 = "ext-1001-0001";
const A = `${EXT_1}:a`;
const B = `${EXT_1}:b`;
const C = `${EXT_1}:c`;

async function splitInTwo(): Promise<number> {
  const result = await runImport(emu, token, [row(EXT_1, 6000, { id: A }), row(EXT_1, 4000, { id: B })]);
  expect(result.rows_imported).toBe(2);
  return result.id;
}

const active = async () =>
  (await activeSplitsOf(emu, 1001, "51001001")).map((s) => [s.id, s.unit_amount_in_cents, s.quantity]);

describe("the sum rule", () => {
  it("applies none of a transaction's rows when they do not add up, and says both numbers", async () => {
    const first = await splitInTwo();
    const result = await runImport(emu, token, [
      row(EXT_1, 6000, { id: A }),
      row(EXT_1, 3000, { id: B, campaign: "Changed" }),
      row("ext-1001-0002", 2500, { id: "ext-1001-0002:a" }),
    ]);
    expect(result).toMatchObject({ rows_imported: 1, rows_dropped: 2 });
    expect(result.notifications.map((n) => [n.row, n.id, n.code])).toEqual([
      [0, A, "sum_mismatch"],
      [1, B, "sum_mismatch"],
    ]);
    for (const notification of result.notifications) {
      expect(notification.message).toContain("9000 cents");
      expect(notification.message).toContain("10000 cents");
    }
    // The previous splits are untouched.
    const splits = (await splitsOf(emu, 1001)).filter((s) => s.transaction_id === "51001001");
    expect(splits.map((s) => [s.id, s.unit_amount_in_cents, s.campaign, s.updated_by_import])).toEqual([
      [A, 6000, "Apportion", first],
      [B, 4000, "Apportion", first],
    ]);
    expect(emu.state.organizations.get(1001)?.campaigns.some((c) => c.campaign === "Changed")).toBe(false);
  });

  it("fails a new allocation that does not soft-delete the splits it replaces", async () => {
    await splitInTwo();
    const result = await runImport(emu, token, [row(EXT_1, 10000, { id: C })]);
    expect(result.notifications).toMatchObject([
      { code: "sum_mismatch", message: expect.stringContaining("20000 cents") },
    ]);
    expect(await active()).toEqual([
      [A, 6000, 1],
      [B, 4000, 1],
    ]);
  });

  it("counts a first allocation against the whole total", async () => {
    const result = await runImport(emu, token, [row(EXT_1, 9999, { id: A })]);
    expect(result.notifications).toMatchObject([
      { code: "sum_mismatch", message: expect.stringContaining("would add up to 9999 cents") },
    ]);
    expect(await splitsOf(emu, 1001)).toEqual([]);
  });

  it("creates a new split for every row without id, so the same rows twice no longer add up", async () => {
    expect((await runImport(emu, token, [row(EXT_1, 10000)])).rows_imported).toBe(1);
    const again = await runImport(emu, token, [row(EXT_1, 10000)]);
    expect(again.notifications.map((n) => [n.id, n.code])).toEqual([[null, "sum_mismatch"]]);
    expect(await active()).toEqual([[null, 10000, 1]]);
  });
});

describe("re-import and soft delete", () => {
  it("updates the splits with the same ids instead of duplicating them", async () => {
    const first = await splitInTwo();
    const second = await runImport(emu, token, [
      row(EXT_1, 7000, { id: A, fund: "Operations" }),
      row(EXT_1, 3000, { id: B }),
    ]);
    expect(second.rows_imported).toBe(2);
    const splits = await splitsOf(emu, 1001);
    expect(splits.map((s) => [s.id, s.unit_amount_in_cents, s.fund, s.created_by_import, s.updated_by_import])).toEqual(
      [
        [A, 7000, "Operations", first, second.id],
        [B, 3000, "General", first, second.id],
      ],
    );
  });

  it("merges the same id twice in one import into one split (the later row wins)", async () => {
    const result = await runImport(emu, token, [row(EXT_1, 1, { id: A }), row(EXT_1, 10000, { id: A })]);
    expect(result.rows_imported).toBe(2);
    expect(await active()).toEqual([[A, 10000, 1]]);
  });

  it("soft-deletes with deleted_at as Unix seconds, replacing an allocation", async () => {
    const first = await splitInTwo();
    const result = await runImport(emu, token, [
      row(EXT_1, 4000, { id: B, deleted_at: 1767225600 }),
      row(EXT_1, 6000, { id: A }),
      row(EXT_1, 4000, { id: C, fund: "Operations" }),
    ]);
    expect(result.notifications).toEqual([]);
    const splits = await splitsOf(emu, 1001);
    expect(splits.map((s) => [s.id, s.deleted_at, s.updated_by_import])).toEqual([
      [A, null, result.id],
      [B, "2026-01-01T00:00:00.000Z", result.id],
      [C, null, result.id],
    ]);
    expect(splits[1]?.created_by_import).toBe(first);
    expect(await active()).toEqual([
      [A, 6000, 1],
      [C, 4000, 1],
    ]);
  });

  it("soft-deletes with deleted_at as an RFC 3339 string; no split left means unsplit", async () => {
    await splitInTwo();
    const result = await runImport(emu, token, [
      row(EXT_1, 6000, { id: A, deleted_at: "2026-02-01T10:00:00Z" }),
      row(EXT_1, 4000, { id: B, deleted_at: "2026-02-01T10:00:00.250+00:00" }),
    ]);
    expect(result.notifications).toEqual([]);
    expect((await splitsOf(emu, 1001)).map((s) => s.deleted_at)).toEqual([
      "2026-02-01T10:00:00.000Z",
      "2026-02-01T10:00:00.250Z",
    ]);
    expect(await active()).toEqual([]);
    // Unsplit again, the transaction can take a fresh allocation, and a deleted id can come back.
    const fresh = await runImport(emu, token, [row(EXT_1, 2500, { id: A, quantity: 4 })]);
    expect(fresh.notifications).toEqual([]);
    expect(await active()).toEqual([[A, 2500, 4]]);
  });

  it("deleting one split without rebalancing fails the sum rule", async () => {
    await splitInTwo();
    const result = await runImport(emu, token, [row(EXT_1, 4000, { id: B, deleted_at: 1767225600 })]);
    expect(result.notifications).toMatchObject([
      { code: "sum_mismatch", message: expect.stringContaining("6000 cents") },
    ]);
    expect((await active()).map(([id]) => id)).toEqual([A, B]);
  });

  it("drops a deleted_at for a split that does not exist as split_not_found", async () => {
    const result = await runImport(emu, token, [
      row(EXT_1, 10000, { id: "ext-1001-0001:zzz", deleted_at: 1767225600 }),
    ]);
    expect(result.notifications).toMatchObject([
      { row: 0, id: "ext-1001-0001:zzz", code: "split_not_found", message: expect.stringContaining("no split") },
    ]);
  });

  it.each([
    ["words", "yesterday"],
    ["a date without time", "2026-02-01"],
    ["a non-UTC offset", "2026-02-01T10:00:00+02:00"],
    ["an impossible date", "2026-02-30T10:00:00Z"],
    ["fractional seconds as a number", 1767225600.5],
    ["a negative number", -1],
    ["a numeric string", "1767225600"],
  ])("drops a malformed deleted_at (%s) as invalid_row", async (_label, deletedAt) => {
    await splitInTwo();
    const result = await runImport(emu, token, [row(EXT_1, 4000, { id: B, deleted_at: deletedAt })]);
    expect(result.notifications).toMatchObject([
      { code: "invalid_row", message: expect.stringContaining("deleted_at") },
    ]);
  });

  it("refuses to move a split id to another transaction", async () => {
    await splitInTwo();
    const result = await runImport(emu, token, [row("ext-1001-0002", 2500, { id: A })]);
    expect(result.notifications).toMatchObject([
      { code: "invalid_row", message: expect.stringContaining("already belongs to transaction 51001001") },
    ]);
  });
});
