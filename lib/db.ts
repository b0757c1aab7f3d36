// The one Prisma client. PostgreSQL through the `pg` driver for both the embedded database
// (a PGlite socket server started by scripts/launch.ts) and a real server: one code path.
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { getEnv } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";

const globalForDb = globalThis as unknown as { apportionDb?: PrismaClient; apportionPool?: pg.Pool };

/** The client inside `db().$transaction(async (tx) => …)`, for helpers that write within one. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export function db(): PrismaClient {
  globalForDb.apportionDb ??= createClient();
  return globalForDb.apportionDb;
}

/**
 * The pool under the Prisma client, for the few set-based statements on the submission and
 * outbox paths (lib/db-sql.ts). Prisma's query compiler copies every parameter through
 * WebAssembly: a statement with 10,000-element arrays took 150–500 ms through `$queryRaw` and
 * 30–60 ms through pg (bench/RESULTS.md, issue 10). It is the same pool, so the embedded
 * database's single connection is still shared, one user at a time.
 */
export function pool(): pg.Pool {
  db();
  return globalForDb.apportionPool!;
}

function createClient(): PrismaClient {
  const env = getEnv();
  if (!env.DATABASE_URL) {
    throw new Error(
      "DATABASE_URL is not set. Start Apportion with `npm run dev` or `npm start`, which start an embedded database when it is absent.",
    );
  }
  // The embedded database serves every connection from one PGlite session, so its launcher
  // sets DATABASE_POOL_MAX=1: concurrent transactions on it lose writes otherwise.
  // allowExitOnIdle: a script that has disconnected is not kept alive by idle connections.
  // jit=off: the campaign and fund filters' plans are estimated (wrongly) above the JIT threshold,
  // and compiling them took 350 ms of a 400 ms list read at 200,000 gifts; no query here gains
  // from JIT (bench/RESULTS.md, issue 14). A startup option: behind PgBouncer, list `options` in
  // its ignore_startup_parameters, or set jit = off for the database instead.
  const pool = new pg.Pool({
    connectionString: env.DATABASE_URL,
    max: env.DATABASE_POOL_MAX,
    allowExitOnIdle: true,
    options: "-c jit=off",
  });
  globalForDb.apportionPool = pool;
  // $disconnect ends the pool too, as when the adapter made it (scripts exit on it).
  return new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}

/**
 * One statement straight on the Prisma client's own pool, for the few that run on every request
 * (the health check's write and audit trail, the session's connection read when it is not
 * cached). Prisma's $queryRaw costs about 0.4 ms more per statement here (its executor and
 * result mapping: 0.9 against 0.5 ms for the audit trail, 1.2 against 0.8 ms for the check's
 * write), which a request that makes two pays on the critical path. Timestamps without a zone
 * are read as UTC, as
 * Prisma reads them; everything else as `pg` does (Prisma's raw results are the same for the
 * columns read this way: tests/integration/connection-raw-reads.test.ts).
 *
 * With a `name`, the statement is prepared once per pooled connection (about 0.1 ms less each
 * time). Not for `SELECT *` or `RETURNING *`: a prepared plan fails ("cached plan must not change
 * result type") once a migration adds a column while this process runs.
 */
export async function sqlRows<T>(text: string, values: unknown[], name?: string): Promise<T[]> {
  const result = await pool().query<T & pg.QueryResultRow>({ name, text, values, types: UTC_TYPES });
  return result.rows;
}

const TIMESTAMP_OID = 1114;
const parseUtc = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const UTC_TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_OID && format !== "binary"
      ? parseUtc
      : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};
