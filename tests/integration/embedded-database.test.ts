// The embedded database that `npm run dev` uses without DATABASE_URL: a PGlite socket server,
// migrated by the real Prisma CLI, reached through the ordinary pg driver, kept across restarts.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { CHANGE_CHANNEL } from "@/lib/connections/change-listener";
import { createListeningCache } from "@/lib/connections/connection-cache";
import { startEmbeddedDatabase } from "@/scripts/embedded-database";

const root = await mkdtemp(path.join(tmpdir(), "apportion-embedded-"));
const dataDir = path.join(root, "pglite");
afterAll(() => rm(root, { recursive: true, force: true }));

function migrate(url: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["prisma", "migrate", "deploy"], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: "ignore",
    });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe("embedded database", () => {
  it("starts, migrates with the Prisma CLI, and keeps its data across a restart", { timeout: 90_000 }, async () => {
    const first = await startEmbeddedDatabase(dataDir, 0);
    try {
      expect(await migrate(first.url)).toBe(0);
      await query(
        first.url,
        `INSERT INTO "Connection" (id, environment, "organizationId", "organizationName", scopes, "connectedAt", "updatedAt")
        VALUES (gen_random_uuid(), 'playground', '42', 'Kept', '{basic}', now(), now())`,
      );
    } finally {
      await first.stop();
    }

    const second = await startEmbeddedDatabase(dataDir, 0);
    try {
      const rows = await query<{ organizationName: string }>(second.url, `SELECT "organizationName" FROM "Connection"`);
      expect(rows.map((r) => r.organizationName)).toEqual(["Kept"]);
    } finally {
      await second.stop();
    }
  });

  it("refuses to open a data folder another live process holds", async () => {
    await writeFile(`${dataDir}.lock`, String(process.ppid));
    await expect(startEmbeddedDatabase(dataDir, 0)).rejects.toThrow(/already in use by process/);
    await rm(`${dataDir}.lock`);
  });

  // Its clients share one PGlite session, so a NOTIFY comes back to the client that sent it and a
  // LISTEN on another client hears nothing. The connection cache must then never serve (the
  // launcher also turns it off with CONNECTION_CACHE=0): every read goes to the database.
  // Starting PGlite takes most of the time, and many seconds on a loaded machine.
  it("cannot deliver notifications, and the connection cache never serves on it", { timeout: 90_000 }, async () => {
    const database = await startEmbeddedDatabase(path.join(root, "listen"), 0);
    const sender = new pg.Client({ connectionString: database.url });
    await sender.connect();
    const { cache, listener } = createListeningCache({
      databaseUrl: database.url,
      notify: (payload) => sender.query("SELECT pg_notify($1, $2)", [CHANGE_CHANNEL, payload]),
      probeTimeoutMs: 300,
    });
    try {
      const backToSender: string[] = [];
      sender.on("notification", (n) => backToSender.push(n.payload ?? ""));
      // A second probe goes out only after the first was not heard and the listener started over.
      const probes = () => backToSender.filter((payload) => payload.startsWith("probe:")).length;
      await expect.poll(probes, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      expect(cache.serving).toBe(false);
    } finally {
      await listener.stop();
      await sender.end();
      await database.stop();
    }
  });
});
