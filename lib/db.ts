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
