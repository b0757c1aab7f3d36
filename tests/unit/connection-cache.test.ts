// The cache's bookkeeping without a database: what it serves, keeps and forgets, and why a read
// that a change overtook is never kept.
import { describe, expect, it, vi } from "vitest";
import { EVERY_CONNECTION } from "@/lib/connections/change-listener";
import { ConnectionCache } from "@/lib/connections/connection-cache";
import type { Connection } from "@/lib/generated/prisma/client";

const row = (id: string, fields: Partial<Connection> = {}) =>
  ({ id, status: "active", sessionEpoch: 0, organizationName: "Org", lastCheckedAt: null, ...fields }) as Connection;

function listeningCache() {
  const cache = new ConnectionCache();
  cache.setListening(true);
  return cache;
}

describe("ConnectionCache", () => {
  it("serves nothing and keeps nothing until it is listening", async () => {
    const cache = new ConnectionCache();
    const load = vi.fn(async (id: string) => row(id));
    await cache.read("a", load);
    await cache.read("a", load);
    expect(load).toHaveBeenCalledTimes(2);
    cache.setListening(true);
    await cache.read("a", load);
    await cache.read("a", load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("forgets one row, every row, and everything when listening stops or starts again", async () => {
    const cache = listeningCache();
    const load = vi.fn(async (id: string) => row(id));
    await cache.read("a", load);
    await cache.read("b", load);
    cache.forget("a");
    await cache.read("a", load);
    await cache.read("b", load);
    expect(load.mock.calls.map(([id]) => id)).toEqual(["a", "b", "a"]);
    cache.forget(EVERY_CONNECTION);
    await cache.read("b", load);
    expect(load).toHaveBeenCalledTimes(4);
    cache.setListening(false);
    cache.setListening(true);
    await cache.read("b", load);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it("does not keep a read that a change overtook", async () => {
    const cache = listeningCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stale = cache.read("a", async (id) => {
      await gate;
      return row(id, { sessionEpoch: 0 });
    });
    cache.forget("a"); // the disconnect's notification arrives while that read is out
    release();
    expect((await stale)?.sessionEpoch).toBe(0);
    expect((await cache.read("a", async (id) => row(id, { sessionEpoch: 1 })))?.sessionEpoch).toBe(1);
  });

  it("does not keep a read that started before listening was (re)proven", async () => {
    const cache = new ConnectionCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const early = cache.read("a", async (id) => {
      await gate;
      return row(id, { sessionEpoch: 0 });
    });
    cache.setListening(true);
    release();
    await early;
    expect((await cache.read("a", async (id) => row(id, { sessionEpoch: 1 })))?.sessionEpoch).toBe(1);
  });

  it("after a write, forgets the row only if an announced column changed", async () => {
    const cache = listeningCache();
    const load = vi.fn(async (id: string) => row(id));
    await cache.read("a", load);
    cache.forgetIfChanged(row("a", { lastCheckedAt: new Date() }));
    await cache.read("a", load);
    expect(load).toHaveBeenCalledTimes(1);
    cache.forgetIfChanged(row("a", { organizationName: "Renamed" }));
    await cache.read("a", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("hands out rows that cannot be changed by one request for the next", async () => {
    const cache = listeningCache();
    const kept = await cache.read("a", async (id) => row(id));
    expect(Object.isFrozen(kept)).toBe(true);
  });
});

describe("processConnectionCache", () => {
  it("is one per process even where the module is loaded twice (the dev server's worker and routes)", async () => {
    vi.stubEnv("CONNECTION_CACHE", "0");
    const first = await import("@/lib/connections/connection-cache");
    vi.resetModules();
    const second = await import("@/lib/connections/connection-cache");
    expect(second.ConnectionCache).not.toBe(first.ConnectionCache);
    try {
      const cache = first.processConnectionCache();
      expect(second.processConnectionCache()).toBe(cache);
      expect(second.existingProcessConnectionCache()).toBe(cache);
      const load = vi.fn(async (id: string) => row(id));
      expect(await second.processConnectionCache().read("a", load)).toMatchObject({ id: "a" });
    } finally {
      await second.stopProcessConnectionCache();
      vi.unstubAllEnvs();
    }
  });
});
