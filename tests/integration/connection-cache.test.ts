// The per-process cache of Connection rows (lib/connections/connection-cache.ts) on the real
// PostgreSQL: "another instance" is a second pg session writing SQL, as a second app process
// would. A session this process holds ends once the trigger's notification arrives; with its
// listener cut, the cache reads the database until it is proven to listen again.
import { encode } from "next-auth/jwt";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getCurrentConnection, SESSION_COOKIE_NAMES } from "@/lib/auth/session";
import { CHANGE_CHANNEL } from "@/lib/connections/change-listener";
import {
  type ConnectionCache,
  createListeningCache,
  type ListeningCache,
  processConnectionCache,
  stopProcessConnectionCache,
} from "@/lib/connections/connection-cache";
import { findConnection, markDisconnected, saveGrant } from "@/lib/connections/store";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import type { Connection } from "@/lib/generated/prisma/client";
import { resetTables } from "../support/app-db";

// The suite runs with the cache off (vitest.config.ts); this file is about it.
vi.stubEnv("CONNECTION_CACHE", "1");

const jar = new Map<string, string>();
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
  }),
}));

/** "Another instance": its own session on the same database. */
let other: pg.Client;

beforeAll(async () => {
  other = new pg.Client({ connectionString: getEnv().DATABASE_URL });
  await other.connect();
});

afterAll(async () => {
  await other.end();
  await stopProcessConnectionCache();
  vi.unstubAllEnvs();
});

beforeEach(async () => {
  jar.clear();
  await resetTables();
});

// Polled every millisecond: the first test measures how soon after a commit a session is refused.
const promptly = { timeout: 3_000, interval: 1 };

async function connectedOrg(): Promise<Connection> {
  return saveGrant({
    environment: "playground",
    organizationId: "5001",
    organizationName: "Org 5001",
    accessToken: "a",
    refreshToken: null,
    scopes: ["basic"],
    expiresAt: null,
  });
}

async function signIn(c: Connection) {
  const token = { connectionId: c.id, sessionEpoch: c.sessionEpoch };
  jar.set(SESSION_COOKIE_NAMES[0], await encode({ token, secret: getEnv().NEXTAUTH_SECRET }));
}

/** A change no trigger announces (replica mode skips triggers): only a read of the database sees it. */
async function renameSilently(id: string, name: string) {
  await other.query("BEGIN");
  await other.query("SET LOCAL session_replication_role = replica");
  await other.query(`UPDATE "Connection" SET "organizationName" = $2 WHERE "id" = $1`, [id, name]);
  await other.query("COMMIT");
}

/** What the session check does, counting the reads that reach the database. */
function countingLoad() {
  const load = vi.fn(findConnection);
  return { load, read: (cache: ConnectionCache, id: string) => cache.read(id, load) };
}

describe("connection cache (PostgreSQL, LISTEN/NOTIFY)", () => {
  it("ends this instance's session once another instance's disconnect is announced", async () => {
    const cache = processConnectionCache();
    await expect.poll(() => cache.serving, promptly).toBe(true);
    const c = await connectedOrg();
    await signIn(c);
    expect((await getCurrentConnection())?.id).toBe(c.id);

    // Served from memory: a change nobody announces is not seen.
    await renameSilently(c.id, "Renamed quietly");
    expect((await getCurrentConnection())?.organizationName).toBe("Org 5001");

    // Another instance disconnects: one statement, as markDisconnected writes it.
    await other.query(
      `UPDATE "Connection" SET "status" = 'disconnected', "sessionEpoch" = "sessionEpoch" + 1,
         "accessTokenEnvelope" = NULL, "refreshTokenEnvelope" = NULL WHERE "id" = $1`,
      [c.id],
    );
    const committed = performance.now();
    await expect.poll(() => getCurrentConnection(), promptly).toBeNull();
    const ms = performance.now() - committed;
    expect(ms).toBeLessThan(1_000);
    console.log(`session refused ${ms.toFixed(2)} ms after the other instance's commit`);
  });

  it("a bumped epoch alone ends the session too, and a disconnect here ends it at once", async () => {
    const cache = processConnectionCache();
    await expect.poll(() => cache.serving, promptly).toBe(true);
    const c = await connectedOrg();
    await signIn(c);
    expect((await getCurrentConnection())?.id).toBe(c.id);
    await other.query(`UPDATE "Connection" SET "sessionEpoch" = "sessionEpoch" + 1 WHERE "id" = $1`, [c.id]);
    await expect.poll(() => getCurrentConnection(), promptly).toBeNull();

    const again = (await findConnection(c.id))!;
    await signIn(again);
    expect((await getCurrentConnection())?.id).toBe(c.id);
    await markDisconnected(c.id, "test");
    expect(await getCurrentConnection()).toBeNull(); // no waiting: this process forgot its copy
  });

  it("reads the database while its listener is cut, and forgets everything once it listens again", async () => {
    const cache = processConnectionCache();
    await expect.poll(() => cache.serving, promptly).toBe(true);
    const c = await connectedOrg();
    const { load, read } = countingLoad();
    await read(cache, c.id);
    await read(cache, c.id);
    expect(load).toHaveBeenCalledTimes(1);

    await other.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'apportion-connection-cache' AND datname = current_database()`,
    );
    await expect.poll(() => cache.serving, promptly).toBe(false);
    await renameSilently(c.id, "Seen from the database");
    expect((await read(cache, c.id))?.organizationName).toBe("Seen from the database");
    expect((await read(cache, c.id))?.organizationName).toBe("Seen from the database");
    expect(load).toHaveBeenCalledTimes(3); // nothing kept while not listening

    // It reconnects by itself (after 0.5 s); what it kept before is gone.
    await expect.poll(() => cache.serving, { ...promptly, timeout: 5_000 }).toBe(true);
    await renameSilently(c.id, "After the reconnect");
    expect((await read(cache, c.id))?.organizationName).toBe("After the reconnect");
  });

  describe("a second cache instance", () => {
    let second: ListeningCache;
    afterAll(() => second?.listener.stop());

    it("hears every instance's changes and keeps no read that a change overtook", async () => {
      second = createListeningCache({
        databaseUrl: getEnv().DATABASE_URL!,
        notify: (payload) => db().$executeRaw`SELECT pg_notify(${CHANGE_CHANNEL}, ${payload})`,
        applicationName: "apportion-connection-cache-second",
      });
      await expect.poll(() => second.cache.serving, promptly).toBe(true);
      const c = await connectedOrg();
      const { load, read } = countingLoad();
      expect((await read(second.cache, c.id))?.sessionEpoch).toBe(0);
      expect(load).toHaveBeenCalledTimes(1);
      await db().connection.update({ where: { id: c.id }, data: { sessionEpoch: { increment: 1 } } });
      await expect.poll(async () => (await read(second.cache, c.id))?.sessionEpoch, promptly).toBe(1);
    });

    it("is not stopped by its own stop being called twice, and then never serves", async () => {
      await second.listener.stop();
      await second.listener.stop();
      expect(second.cache.serving).toBe(false);
    });
  });

  it("never serves when its probe is not heard (LISTEN in a place that cannot hear)", async () => {
    let probesSent = 0;
    const deaf = createListeningCache({
      databaseUrl: getEnv().DATABASE_URL!,
      notify: (payload) => {
        probesSent++;
        return db().$executeRaw`SELECT pg_notify('somewhere_else', ${payload})`;
      },
      applicationName: "apportion-connection-cache-deaf",
      probeTimeoutMs: 200,
    });
    try {
      // A second probe goes out only after the first was not heard and the listener started over.
      await expect.poll(() => probesSent, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      expect(deaf.cache.serving).toBe(false);
      const c = await connectedOrg();
      const { load, read } = countingLoad();
      await read(deaf.cache, c.id);
      await read(deaf.cache, c.id);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      await deaf.listener.stop();
    }
  });
});

describe("the trigger (migration connection_change_notify)", () => {
  let listener: pg.Client;
  const heard: string[] = [];
  beforeAll(async () => {
    listener = new pg.Client({ connectionString: getEnv().DATABASE_URL });
    await listener.connect();
    listener.on("notification", (n) => heard.push(n.payload ?? ""));
    await listener.query(`LISTEN ${CHANGE_CHANNEL}`);
  });
  afterAll(() => listener.end());

  async function heardAfter(sql: string, values: unknown[] = []): Promise<string[]> {
    heard.length = 0;
    await other.query(sql, values);
    // A marker sent after the statement arrives after its notifications (commit order).
    await other.query(`SELECT pg_notify($1, 'marker')`, [CHANGE_CHANNEL]);
    await expect.poll(() => heard.includes("marker"), promptly).toBe(true);
    return heard.filter((payload) => payload !== "marker");
  }

  it("announces changes the cache could serve stale, and not a health check's bookkeeping", async () => {
    const c = await connectedOrg();
    expect(
      await heardAfter(`UPDATE "Connection" SET "lastCheckedAt" = now(), "updatedAt" = now() WHERE id = $1`, [c.id]),
    ).toEqual([]);
    expect(
      await heardAfter(`UPDATE "Connection" SET "refreshLeaseOwner" = 'x', "refreshLeaseUntil" = now() WHERE id = $1`, [
        c.id,
      ]),
    ).toEqual([]);
    expect(await heardAfter(`UPDATE "Connection" SET "organizationName" = 'Org 5001' WHERE id = $1`, [c.id])).toEqual(
      [],
    );
    expect(await heardAfter(`UPDATE "Connection" SET "organizationName" = 'New name' WHERE id = $1`, [c.id])).toEqual([
      c.id,
    ]);
    expect(
      await heardAfter(`UPDATE "Connection" SET "tokenVersion" = "tokenVersion" + 1 WHERE id = $1`, [c.id]),
    ).toEqual([c.id]);
    expect(await heardAfter(`UPDATE "Connection" SET "transactionsSyncedAt" = now() WHERE id = $1`, [c.id])).toEqual([
      c.id,
    ]);
    expect(await heardAfter(`DELETE FROM "Connection" WHERE id = $1`, [c.id])).toEqual([c.id]);
    expect(await heardAfter(`TRUNCATE "Connection" CASCADE`)).toEqual(["*"]);
  });
});
