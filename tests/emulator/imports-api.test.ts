import { describe, expect, it } from "vitest";
import { HARBOR, callApi, connect, startTestEmulator, type TestEmulator, connectedEmulatorPerFile } from "./helpers";
import {
  getImport,
  importBody,
  postImport,
  row,
  runImport,
  submit,
  waitForImport,
  type ImportWithNotifications,
} from "./import-helpers";

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

const VALID_ROWS = [row("ext-1001-0001", 10000, { id: "ext-1001-0001:all" })];

async function refused(body: unknown): Promise<string[]> {
  const response = await callApi(emu, token, "/imports", { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(400);
  const answer = (await response.json()) as { valid: boolean; errors: string[] };
  expect(answer.valid).toBe(false);
  return answer.errors;
}

type ListAnswer = { imports: ImportWithNotifications[]; page: number; per_page: number; has_more: boolean };

async function list(query = ""): Promise<ListAnswer> {
  const response = await callApi(emu, token, `/imports/list${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ListAnswer;
}

describe("POST /imports: refusals", () => {
  it.each([
    ["data_format missing", { ...importBody(VALID_ROWS), data_format: undefined }, "data_format is required"],
    [
      "data_format other than the two it takes",
      { ...importBody(VALID_ROWS), data_format: "contact" },
      'data_format "contact" is not supported',
    ],
    ["action_type other", { ...importBody(VALID_ROWS), action_type: "delete" }, "action_type must be create or update"],
    ["action_type missing", { ...importBody(VALID_ROWS), action_type: undefined }, "action_type is required"],
    ["data_type csv", { ...importBody(VALID_ROWS), data_type: "csv" }, "data_type must be json"],
    ["data not an array", importBody({ rows: VALID_ROWS }), "data must be an array"],
    ["data empty", importBody([]), "data must hold at least one row"],
    ["101 rows", importBody(Array.from({ length: 101 }, () => VALID_ROWS[0])), "at most 100 records per call"],
  ])("refuses %s", async (_label, body, message) => {
    const errors = await refused(body);
    expect(
      errors.some((error) => error.includes(message)),
      errors.join(" | "),
    ).toBe(true);
  });

  it("says how many rows were sent when there are more than 100", async () => {
    const errors = await refused(importBody(Array.from({ length: 101 }, () => VALID_ROWS[0])));
    expect(errors).toEqual(["data holds 101 rows, but at most 100 records per call are accepted"]);
  });

  it.each([
    [{ transaction: "external_id" }],
    [{ transaction: "ID" }],
    [{}],
    ["transaction_id"],
    [{ transaction: "id", contact: "id" }],
  ])("refuses match_by %j", async (matchBy) => {
    const errors = await refused({ ...importBody(VALID_ROWS), match_by: matchBy });
    expect(errors.some((error) => error.startsWith("match_by"))).toBe(true);
  });

  it.each([
    ["malformed JSON", "{"],
    ["a JSON array", JSON.stringify([importBody(VALID_ROWS)])],
    ["a JSON string", JSON.stringify("split_transaction")],
  ])("refuses a body that is %s", async (_label, body) => {
    const response = await callApi(emu, token, "/imports", { method: "POST", body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      valid: false,
      errors: ["The request body must be a JSON object (Content-Type: application/json)"],
    });
  });

  it("refuses unknown fields and the unsupported data_url", async () => {
    const errors = await refused({ ...importBody(VALID_ROWS), data_url: "https://x.example/rows.json", extra: 1 });
    expect(errors).toEqual([
      "data_url is not supported by the emulator; send the rows inline in data",
      "Unknown field: extra",
    ]);
  });

  it("lists every problem at once and creates nothing", async () => {
    const errors = await refused({ data_format: "csv", action_type: "upsert", data_type: "xml", data: [] });
    expect(errors).toHaveLength(4);
    expect((await list()).imports).toEqual([]);
  });

  it("requires the data_add scope", async () => {
    const limited = (await connect(emu, { scope: "basic data_query" })).access_token;
    const response = await postImport(emu, limited, importBody(VALID_ROWS));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ valid: false, errors: ["Insufficient scope: data_add required"] });
  });
});

describe("POST /imports: acceptance and GET /imports/{id}", () => {
  it("accepts 100 rows without checking them, with increasing ids", async () => {
    const first = await submit(
      emu,
      token,
      Array.from({ length: 100 }, () => ({ nonsense: true })),
    );
    const second = await submit(emu, token, VALID_ROWS);
    expect(second).toBeGreaterThan(first);
    const done = await waitForImport(emu, token, first);
    expect(done).toMatchObject({ rows_total: 100, rows_imported: 0, rows_dropped: 100 });
  });

  it("answers the import record, timed by the emulator's clock", async () => {
    const slow = await startTestEmulator({ importDelayMs: 150 });
    try {
      const slowToken = (await connect(slow)).access_token;
      const id = await submit(slow, slowToken, VALID_ROWS, "id");
      expect(await getImport(slow, slowToken, id)).toEqual({
        id,
        status: expect.stringMatching(/^(Pending|Working)$/),
        data_format: "split_transaction",
        action_type: "create",
        match_by: "id",
        rows_total: 1,
        rows_imported: 0,
        rows_dropped: 0,
        created_at: "2026-03-01T12:00:00.000Z",
        updated_at: "2026-03-01T12:00:00.000Z",
        completed_at: null,
      });
      slow.clock.ms += 1000;
      const done = await waitForImport(slow, slowToken, id);
      expect(done).toMatchObject({ status: "Complete", rows_imported: 1, rows_dropped: 0 });
      expect(done.completed_at).toBe("2026-03-01T12:00:01.000Z");
      expect(done.updated_at).toBe(done.completed_at);
    } finally {
      await slow.close();
    }
  });

  it("answers 404 for an unknown import and for another organization's", async () => {
    const id = await submit(emu, token, VALID_ROWS);
    expect((await callApi(emu, token, "/imports/999999")).status).toBe(404);
    const harbor = (await connect(emu, { email: HARBOR.email })).access_token;
    const response = await callApi(emu, harbor, `/imports/${id}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ valid: false, errors: [`Import ${id} not found`] });
  });

  it("requires basic to read imports, stats and the listing", async () => {
    const limited = (await connect(emu, { scope: "data_add data_query" })).access_token;
    const id = await submit(emu, limited, VALID_ROWS);
    for (const path of [`/imports/${id}`, "/imports/stats", "/imports/list"]) {
      const response = await callApi(emu, limited, path);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ valid: false, errors: ["Insufficient scope: basic required"] });
    }
  });
});

describe("GET /imports/list", () => {
  it("lists newest first with notifications, paged, and filters by import_id", async () => {
    const first = await runImport(emu, token, [row("no-such-external-id", 100, { id: "x:1" })]);
    const ids = [first.id, await submit(emu, token, VALID_ROWS), await submit(emu, token, VALID_ROWS)];
    for (const id of ids) await waitForImport(emu, token, id);

    const all = await list();
    expect(all).toMatchObject({ page: 1, per_page: 25, has_more: false });
    expect(all.imports.map((i) => i.id)).toEqual([...ids].reverse());

    const paged = await list("?page=2&per_page=2");
    expect(paged).toMatchObject({ page: 2, per_page: 2, has_more: false });
    expect(paged.imports.map((i) => i.id)).toEqual([first.id]);
    expect((await list("?page=1&per_page=2")).has_more).toBe(true);

    const one = await list(`?import_id=${first.id}`);
    expect(one.imports).toHaveLength(1);
    expect(one.imports[0]?.notifications).toEqual([
      {
        import_id: first.id,
        row: 0,
        id: "x:1",
        transaction_id: "no-such-external-id",
        code: "transaction_not_found",
        message: expect.stringContaining(
          'no transaction in this organization has the external id "no-such-external-id"',
        ),
      },
    ]);
  });

  it("shows only the organization's own imports", async () => {
    await submit(emu, token, VALID_ROWS);
    const harbor = (await connect(emu, { email: HARBOR.email })).access_token;
    const response = await callApi(emu, harbor, "/imports/list");
    expect(((await response.json()) as ListAnswer).imports).toEqual([]);
  });

  it.each(["?page=0", "?per_page=51", "?per_page=abc", "?import_id=-1"])("refuses %s", async (query) => {
    const response = await callApi(emu, token, `/imports/list${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ valid: false });
  });
});

describe("GET /imports/stats", () => {
  it("counts the organization's imports not yet complete", async () => {
    const slow = await startTestEmulator({ importDelayMs: 200 });
    try {
      const slowToken = (await connect(slow)).access_token;
      const ids = [await submit(slow, slowToken, VALID_ROWS), await submit(slow, slowToken, VALID_ROWS)];
      const busy = await callApi(slow, slowToken, "/imports/stats");
      expect(busy.status).toBe(200);
      expect(await busy.json()).toEqual({
        sync_enabled: true,
        message: "2 import job(s) pending",
        pending_jobs: 2,
        pending_updates: 0,
      });
      for (const id of ids) await waitForImport(slow, slowToken, id);
      expect(await (await callApi(slow, slowToken, "/imports/stats")).json()).toEqual({
        sync_enabled: true,
        message: "No import jobs are pending",
        pending_jobs: 0,
        pending_updates: 0,
      });
    } finally {
      await slow.close();
    }
  });
});
