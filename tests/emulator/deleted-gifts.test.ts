// Gifts deleted at the service (POST /__emulator/organizations/:id/delete) and a service whose query
// answers carry no sync_version (setting query_sync_version): what the app's sync must cope with.
import { describe, expect, it } from "vitest";
import { configFromEnv } from "@/emulator/config";
import { callApi, connectedEmulatorPerFile, postJson, postSwitch, type TestEmulator } from "./helpers";
import { row, runImport, splitsOf } from "./import-helpers";

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

type Result = { id: string; sync_version?: number };
type Page = { results: Result[]; total: number; has_more: boolean; query_token: string | null };

async function page(body: unknown): Promise<Page> {
  const response = await callApi(emu, token, "/transactions/query", { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

/** Every id a query lists, page by page. */
async function allIds(perPage = 50): Promise<string[]> {
  const ids: string[] = [];
  let next = await page({ per_page: perPage });
  for (;;) {
    ids.push(...next.results.map((t) => t.id));
    if (!next.query_token) return ids;
    next = await page({ query_token: next.query_token });
  }
}

function remove(body: unknown, organization = 1001) {
  return postJson(`${emu.url}/__emulator/organizations/${organization}/delete`, body);
}

describe("deleting gifts at the service", () => {
  it("deletes `count` gifts chosen by the seed: gone from the results and the total", async () => {
    await postJson(`${emu.url}/__emulator/organizations/1001/generate`, { count: 200, seed: 2 });
    const answer = await remove({ count: 5, seed: 9 });
    expect(answer.status).toBe(200);
    const { deleted, transactions } = (await answer.json()) as { deleted: string[]; transactions: number };
    expect(new Set(deleted).size).toBe(5);
    expect(transactions).toBe(208);
    expect((await page({ per_page: 1 })).total).toBe(208);
    const ids = await allIds();
    expect(ids).toHaveLength(208);
    for (const id of deleted) expect(ids).not.toContain(id);
  });

  it("deletes the gifts named by id, and refuses an id that is not the organization's (deleting none)", async () => {
    const refused = await remove({ ids: ["51001002", "51002001"] });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain("51002001");
    expect((await page({})).total).toBe(13);

    const answer = await remove({ ids: ["51001002", "51001005"] });
    expect(await answer.json()).toEqual({ ok: true, deleted: ["51001002", "51001005"], transactions: 11 });
    expect(await allIds()).not.toContain("51001002");
    // Deleted already: not the organization's any more.
    expect((await remove({ ids: ["51001002"] })).status).toBe(400);
  });

  it("refuses a body that is neither a count nor ids, and an unknown organization", async () => {
    for (const body of [{}, { count: 0 }, { ids: [] }, { count: 1, ids: ["51001001"] }]) {
      expect((await remove(body)).status).toBe(400);
    }
    expect((await remove({ count: 1 }, 9)).status).toBe(404);
  });

  it("takes them out of a query under way, without skipping or repeating another gift", async () => {
    const first = await page({ per_page: 5 });
    expect(first.results.map((t) => t.id)).toEqual(["51001013", "51001012", "51001011", "51001010", "51001009"]);
    // One already listed, one on the next page.
    await remove({ ids: ["51001012", "51001007"] });
    const second = await page({ query_token: first.query_token });
    expect(second.results.map((t) => t.id)).toEqual(["51001008", "51001006", "51001005", "51001004", "51001003"]);
    const third = await page({ query_token: second.query_token });
    expect(third.results.map((t) => t.id)).toEqual(["51001002", "51001001"]);
    expect(third.has_more).toBe(false);
  });

  it("makes a split row naming a deleted gift not found, and forgets the gift's splits", async () => {
    const imported = await runImport(emu, token, [row("ext-1001-0001", 10000, { id: "ext-1001-0001:all" })]);
    expect(imported.notifications).toEqual([]);
    await remove({ ids: ["51001001"] });
    expect((await splitsOf(emu, 1001)).map((s) => s.transaction_id)).not.toContain("51001001");
    const later = await runImport(emu, token, [row("ext-1001-0001", 10000, { id: "ext-1001-0001:again" })]);
    expect(later.notifications.map((n) => n.code)).toEqual(["transaction_not_found"]);
    const byId = await runImport(emu, token, [row("51001001", 10000, { id: "ext-1001-0001:x" })], "transaction_id");
    expect(byId.notifications.map((n) => n.code)).toEqual(["transaction_not_found"]);
  });

  it("never gives a deleted gift's id to a new one", async () => {
    await postJson(`${emu.url}/__emulator/organizations/1001/generate`, { count: 20, seed: 3 });
    const { deleted } = (await (await remove({ count: 10, seed: 4 })).json()) as { deleted: string[] };
    await postJson(`${emu.url}/__emulator/organizations/1001/generate`, { count: 20, seed: 5 });
    const ids = await allIds();
    expect(ids).toHaveLength(43);
    expect(new Set(ids).size).toBe(43);
    for (const id of deleted) expect(ids).not.toContain(id);
    const taken = await postJson(`${emu.url}/__emulator/organizations/1001/transactions`, {
      transaction_id: deleted[0],
      external_id: null,
      amount_in_cents: 100,
      transaction_time: "2026-02-01T00:00:00Z",
      contact_name: "Someone New",
    });
    expect(taken.status).toBe(409);
  });
});

describe("query_sync_version", () => {
  it("shows sync_version by default and leaves the key out when absent, until the next settings call", async () => {
    expect((await page({})).results.every((t) => typeof t.sync_version === "number")).toBe(true);
    const set = await postSwitch(emu, "settings", { query_sync_version: "absent" });
    expect(await set.json()).toMatchObject({ ok: true, settings: { query_sync_version: "absent" } });
    const answer = await page({ per_page: 5 });
    expect(answer.results).toHaveLength(5);
    for (const result of answer.results) expect(Object.keys(result)).not.toContain("sync_version");
    // A later page is answered under the setting as it is then.
    await postSwitch(emu, "settings", {});
    const next = await page({ query_token: answer.query_token });
    expect(next.results.every((t) => typeof t.sync_version === "number")).toBe(true);
    expect((await postSwitch(emu, "settings", { query_sync_version: "hidden" })).status).toBe(400);
  });

  it("takes its default from EMULATOR_QUERY_SYNC_VERSION and fails fast on an unknown value", () => {
    expect(configFromEnv({ NODE_ENV: "test", EMULATOR_QUERY_SYNC_VERSION: "absent" })).toMatchObject({
      querySyncVersion: "absent",
    });
    expect(() => configFromEnv({ NODE_ENV: "test", EMULATOR_QUERY_SYNC_VERSION: "none" })).toThrow(/shown, absent/);
  });
});
