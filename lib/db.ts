// The Prisma clients and their pg pools. PostgreSQL through the `pg` driver for both the embedded
// database (a PGlite socket server started by scripts/launch.ts) and a real server: one code path.
//
// Two pools in a web process that runs the worker (instrumentation.ts): the web's
// (DATABASE_POOL_MAX) and the worker's own (WORKER_DATABASE_POOL_MAX). Everything the worker
// starts runs inside onWorkerPool(), and db() / pool() answer with the worker's client there (an
// AsyncLocalStorage scope), so the same code reads and writes on whichever pool its caller owns.
// A 200,000-gift first copy on the shared pool of 10 left other organizations' Connect waiting
// for a connection until Prisma gave up ("Unable to start a transaction in the given time").
//
// Every pool and client has an `error` handler: a connection the server drops (a restart, a
// failover, pg_terminate_backend) is logged as one JSON line and the pool opens another; without
// one, pg's idle client error was an uncaught exception with a dump of the client.
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { getEnv, workerPoolMax } from "@/lib/env";
import { log } from "@/lib/log";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { processSlot } from "@/lib/process-slot";

type Database = { client: PrismaClient; pool: pg.Pool };

// One per process: the routes and instrumentation.ts (the worker) share the pools and the scope.
const webDb = processSlot<Database>("apportionWebDb");
const workerDb = processSlot<Database>("apportionWorkerDb");
const workerScopeSlot = processSlot<AsyncLocalStorage<true>>("apportionWorkerScope");

/** The client inside `db().$transaction(async (tx) => …)`, for helpers that write within one. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

function workerScope(): AsyncLocalStorage<true> {
  return workerScopeSlot.getOrCreate(() => new AsyncLocalStorage<true>());
}

/** Runs `work`, and everything it starts (timers, promises), on the worker's own pool. */
export function onWorkerPool<T>(work: () => T): T {
  return workerScope().run(true, work);
}

/** The worker's database, or undefined outside the worker's scope or when it shares the web's
 *  (WORKER_DATABASE_POOL_MAX=0, as on the embedded database, whose connections share one session). */
function workerDatabase(): Database | undefined {
  if (workerScope().getStore() !== true) return undefined;
  const max = workerPoolMax(getEnv());
  if (max === 0) return undefined;
  return workerDb.getOrCreate(() => createDatabase(max, "worker"));
}

function web(): Database {
  return webDb.getOrCreate(() => createDatabase(getEnv().DATABASE_POOL_MAX, "web"));
}

export function db(): PrismaClient {
  const worker = workerDatabase();
  if (worker) return worker.client;
  return web().client;
}

/**
 * The pool under the Prisma client, for the few set-based statements on the submission and
 * outbox paths (lib/db-sql.ts). Prisma's query compiler copies every parameter through
 * WebAssembly: a statement with 10,000-element arrays took 150–500 ms through `$queryRaw` and
 * 30–60 ms through pg (bench/RESULTS.md, "Load and rows, before and after side by side"). It is
 * the same pool, so the embedded database's single connection is still shared, one user at a time.
 */
export function pool(): pg.Pool {
  const worker = workerDatabase();
  if (worker) return worker.pool;
  return web().pool;
}

/** Closes every pool this process opened (the last step of a stop); safe to call twice. */
export async function closeDatabase(): Promise<void> {
  const open: Database[] = [];
  for (const slot of [webDb, workerDb]) {
    const opened = slot.get();
    if (opened) open.push(opened);
  }
  workerDb.set(undefined);
  await Promise.all(open.map(close));
}

async function close({ client, pool }: Database): Promise<void> {
  // $disconnect ends the pool when Prisma had connected; a pool only pg used is ended here.
  await client.$disconnect();
  if (!pool.ending) await pool.end();
}

function createDatabase(max: number, name: "web" | "worker"): Database {
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
  // from JIT (bench/RESULTS.md, "The first sync, second round: its cost, and where it goes").
  // A startup option: behind PgBouncer, list `options` in its ignore_startup_parameters, or set
  // jit = off for the database instead.
  const pool = new pg.Pool({
    connectionString: env.DATABASE_URL,
    max,
    allowExitOnIdle: true,
    options: "-c jit=off",
  });
  watchErrors(pool, name);
  // $disconnect ends the pool too, as when the adapter made it (scripts exit on it).
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  return { client, pool };
}

/**
 * A connection that fails is logged once and left to the pool, which drops it and opens another
 * for the next query. The listener on each client covers a client in use too (between two
 * statements of a transaction pg-pool has taken its own listener off); a statement in flight on it
 * fails with the error as usual. The pool's own `error` (an idle client's) is the same event.
 */
function watchErrors(pool: pg.Pool, name: "web" | "worker"): void {
  pool.on("connect", (client) => {
    client.on("error", (error) => log.error("database.connection_lost", { pool: name, error }));
  });
  pool.on("error", () => {
    // Already logged by the client's own listener above.
  });
}
