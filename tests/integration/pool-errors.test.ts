// A database connection dropped under the app (a restart, a failover, pg_terminate_backend): the
// pool's idle connections and one in use between two statements of a transaction are cut; each is
// logged as one JSON line (database.connection_lost), nothing is thrown out of the event loop
// (vitest fails a file on an uncaught exception), and the pool serves the next statement.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pool } from "@/lib/db";
import { sql } from "@/lib/db-sql";
import { getEnv } from "@/lib/env";

let lines: string[] = [];
let admin: pg.Client;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: getEnv().DATABASE_URL });
  await admin.connect();
});
afterAll(() => admin.end());

async function backendPid(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  return rows[0]!.pid;
}

describe("the pool when the server cuts its connections", () => {
  it("logs each as one JSON line, survives, and serves again", async () => {
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    process.env.APPORTION_SILENT_LOGS = "0";
    try {
      // Two idle connections, and one held in a transaction between statements.
      const [a, b] = await Promise.all([pool().connect(), pool().connect()]);
      const idle = [await backendPid(a), await backendPid(b)];
      a.release();
      b.release();
      const held = await pool().connect();
      await held.query("BEGIN");
      const inUse = await backendPid(held);
      lines = [];
      await admin.query("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", [[...idle, inUse]]);
      await vi.waitFor(() => expect(events("database.connection_lost")).toHaveLength(3), { timeout: 5_000 });
      // The transaction's next statement fails as a statement does; the connection is dropped.
      await expect(held.query("SELECT 1")).rejects.toThrow();
      held.release(true);
      expect(await sql<{ one: number }>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      process.env.APPORTION_SILENT_LOGS = "1";
      write.mockRestore();
    }
    for (const line of events("database.connection_lost")) {
      expect(line).toMatchObject({ level: 50, pool: "web", error: { message: expect.any(String) } });
    }
  });
});

/** The JSON log lines of one event (every line written must be JSON). */
function events(event: string): Record<string, unknown>[] {
  return lines
    .flatMap((chunk) => chunk.split("\n").filter(Boolean))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.event === event);
}
