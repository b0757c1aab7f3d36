// The minimal contact_with_transaction import and action_type update (facts, "Imports" and
// "contact_with_transaction"), and the interface's sequence (section 4.2): a contact import, then a
// split import for its transaction, sent back to back without waiting.
import { describe, expect, it } from "vitest";
import { callApi, connectedEmulatorPerFile, type TestEmulator } from "./helpers";
import { activeSplitsOf, postImport, row, waitForImport, type ImportWithNotifications } from "./import-helpers";

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

type Row = Record<string, unknown>;

function body(format: string, data: Row[], action = "create", matchBy?: string) {
  return {
    data_format: format,
    action_type: action,
    ...(matchBy === undefined ? {} : { match_by: { transaction: matchBy } }),
    data_type: "json",
    data,
  };
}

async function send(format: string, data: Row[], action = "create"): Promise<number> {
  const response = await postImport(emu, token, body(format, data, action));
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

async function listed(id: number): Promise<ImportWithNotifications> {
  await waitForImport(emu, token, id);
  const response = await callApi(emu, token, `/imports/list?import_id=${id}`);
  const record = ((await response.json()) as { imports: ImportWithNotifications[] }).imports[0];
  if (record === undefined) throw new Error(`import ${id} not listed`);
  return record;
}

async function transactionByExternalId(externalId: string) {
  const response = await callApi(emu, token, "/transactions/query", {
    method: "POST",
    body: JSON.stringify({ per_page: 50 }),
  });
  const page = (await response.json()) as { results: Array<Record<string, unknown>> };
  return page.results.find((t) => t.external_id === externalId);
}

const gift = (extra: Row = {}): Row => ({
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.org",
  transaction_id: "app-gift-1",
  amount_in_cents: 9000,
  transaction_time: "2026-02-01T10:00:00Z",
  fund: "General",
  transaction_type: "check",
  ...extra,
});

describe("contact_with_transaction", () => {
  it("runs the interface's sequence: a contact import, then a split import for it, back to back", async () => {
    const first = await send("contact_with_transaction", [gift()]);
    // Not waiting: imports are processed in the order received.
    const second = await send("split_transaction", [
      row("app-gift-1", 6000, { id: "app-gift-1:a" }),
      row("app-gift-1", 3000, { id: "app-gift-1:b", fund: "Operations" }),
    ]);
    const contact = await listed(first);
    expect(contact).toMatchObject({ data_format: "contact_with_transaction", action_type: "create", rows_imported: 1 });
    const split = await listed(second);
    expect(split).toMatchObject({ rows_imported: 2, rows_dropped: 0, notifications: [] });

    const created = await transactionByExternalId("app-gift-1");
    expect(created).toMatchObject({ amount_in_cents: 9000, contact_name: "Ada Lovelace", transaction_type: "check" });
    const splits = await activeSplitsOf(emu, 1001, String(created?.id));
    expect(splits.map((s) => [s.id, s.unit_amount_in_cents, s.fund])).toEqual([
      ["app-gift-1:a", 6000, "General"],
      ["app-gift-1:b", 3000, "Operations"],
    ]);
  });

  it("drops a row without transaction_id or a positive amount, with a notification", async () => {
    const record = await listed(
      await send("contact_with_transaction", [gift({ transaction_id: undefined }), gift({ amount_in_cents: 0 })]),
    );
    expect(record.rows_dropped).toBe(2);
    expect(record.notifications.map((n) => n.code)).toEqual(["invalid_row", "invalid_row"]);
  });
});

describe("action_type update", () => {
  it("applies a contact row only when its updated_time is newer than the service's copy", async () => {
    await listed(await send("contact_with_transaction", [gift({ updated_time: "2026-02-01T10:00:00Z" })]));
    const stale = await listed(
      await send(
        "contact_with_transaction",
        [gift({ amount_in_cents: 1, updated_time: "2026-02-01T09:00:00Z" })],
        "update",
      ),
    );
    expect(stale).toMatchObject({ action_type: "update", rows_imported: 0, rows_dropped: 1 });
    expect(stale.notifications[0]?.code).toBe("not_newer");
    expect((await transactionByExternalId("app-gift-1"))?.amount_in_cents).toBe(9000);

    const newer = await listed(
      await send("contact_with_transaction", [gift({ amount_in_cents: 9500, updated_time: 1770000000 })], "update"),
    );
    expect(newer.rows_imported).toBe(1);
    expect((await transactionByExternalId("app-gift-1"))?.amount_in_cents).toBe(9500);
  });

  it("applies a split row only when newer, and creates splits it does not hold yet", async () => {
    const ext = "ext-1001-0001";
    const created = await listed(
      await send(
        "split_transaction",
        [row(ext, 10000, { id: `${ext}:all`, updated_time: "2026-03-01T00:00:00Z" })],
        "update",
      ),
    );
    expect(created.rows_imported).toBe(1);
    const stale = await listed(
      await send(
        "split_transaction",
        [row(ext, 10000, { id: `${ext}:all`, fund: "Operations", updated_time: "2026-02-01T00:00:00Z" })],
        "update",
      ),
    );
    expect(stale.notifications.map((n) => n.code)).toEqual(["not_newer"]);
    expect((await activeSplitsOf(emu, 1001, "51001001"))[0]?.fund).toBe("General");
    const newer = await listed(
      await send(
        "split_transaction",
        [row(ext, 10000, { id: `${ext}:all`, fund: "Operations", updated_time: "2026-04-01T00:00:00Z" })],
        "update",
      ),
    );
    expect(newer.rows_imported).toBe(1);
    expect((await activeSplitsOf(emu, 1001, "51001001"))[0]?.fund).toBe("Operations");
  });
});
