import { describe, expect, it } from "vitest";
import { callApi, connectedEmulatorPerFile, postJson, type TestEmulator } from "./helpers";

let emu: TestEmulator;
let token: string;
connectedEmulatorPerFile((setup) => ({ emu, token } = setup));

type Page = { results: { id: string; sync_version: number }[]; total: number; query_token: string | null };

async function page(body: unknown): Promise<Page> {
  const response = await callApi(emu, token, "/transactions/query", { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

describe("a large organization", () => {
  it("generates gifts the query API pages through, the same ones for the same seed", async () => {
    const made = await postJson(`${emu.url}/__emulator/organizations/1001/generate`, { count: 500, seed: 7 });
    expect(await made.json()).toEqual({ ok: true, added: 500, transactions: 513 });
    const first = await page({ per_page: 50 });
    expect(first.total).toBe(513);
    const ids = new Set<string>();
    let next: Page = first;
    for (;;) {
      for (const t of next.results) ids.add(t.id);
      if (!next.query_token) break;
      next = await page({ query_token: next.query_token });
    }
    expect(ids.size).toBe(513);
  });

  it("`changed` with `after` finds only the gifts changed since then, with a newer sync_version", async () => {
    await postJson(`${emu.url}/__emulator/organizations/1001/generate`, { count: 200 });
    const since = new Date(emu.clock.ms).toISOString();
    emu.clock.ms += 1000;
    const answer = await postJson(`${emu.url}/__emulator/organizations/1001/change`, { count: 10, seed: 3 });
    const { changed } = (await answer.json()) as { changed: string[] };
    expect(changed).toHaveLength(10);
    const found = await page({ per_page: 50, query: { changed: true, after: since } });
    expect(found.results.map((t) => t.id).sort()).toEqual([...changed].sort());
    expect(Math.min(...found.results.map((t) => t.sync_version))).toBeGreaterThan(213);
  });

  it("puts a batch at one instant with `at`, listed by id, and only its total below `before` that instant", async () => {
    const at = "2024-12-31T12:00:00.000Z";
    const made = await postJson(`${emu.url}/__emulator/organizations/1001/generate`, { count: 120, seed: 4, at });
    expect(made.status).toBe(200);
    const tied = await page({ per_page: 50, query: { before: "2025-01-01T00:00:00Z", after: "2024-12-31T11:59:59Z" } });
    expect(tied.total).toBe(120);
    const times = new Set<string>();
    const ids: string[] = [];
    let next: Page = tied;
    for (;;) {
      for (const t of next.results as unknown as { id: string; transaction_time: string }[]) {
        times.add(t.transaction_time);
        ids.push(t.id);
      }
      if (!next.query_token) break;
      next = await page({ query_token: next.query_token });
    }
    expect([...times]).toEqual([at]);
    expect(ids).toEqual([...ids].sort());
    // `before` and `after` both leave the instant itself out.
    const older = (await page({ per_page: 1, query: { before: at } })).total;
    const newer = (await page({ per_page: 1, query: { after: at } })).total;
    expect(older + 120 + newer).toBe((await page({ per_page: 1 })).total);
    const bad = await postJson(`${emu.url}/__emulator/organizations/1001/generate`, { count: 1, at: "yesterday" });
    expect(bad.status).toBe(400);
  });

  it("refuses a count it cannot hold", async () => {
    const answer = await postJson(`${emu.url}/__emulator/organizations/1001/generate`, { count: 0 });
    expect(answer.status).toBe(400);
    const unknown = await postJson(`${emu.url}/__emulator/organizations/9/change`, { count: 1 });
    expect(unknown.status).toBe(404);
  });
});
