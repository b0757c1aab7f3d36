// Readiness: can this instance serve? Checks, each answered by a yes or no and nothing more (no
// error text, host, table or migration name reaches the answer, so it tells an attacker nothing;
// the reason goes to the log):
//  - database: a statement answers within READY_DB_TIMEOUT_MS;
//  - migrations: every migration folder shipped with this release is recorded as applied
//    (Prisma's _prisma_migrations), so a release never serves on an older schema;
//  - and this process is not stopping (lib/worker/shutdown.ts: 503 from the first moment of a
//    SIGTERM, while it still serves for DRAIN_DELAY_MS).
// The worker is not among them: pages and the API serve without it, and a stopped worker took
// every web instance out of the load balancer at once. Its liveness is its own signal
// (lib/metrics/state-gauges.ts, and an alert on it).
import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "@/lib/db-sql";
import { log } from "@/lib/log";
import { processStopping } from "@/lib/worker/shutdown";

const READY_DB_TIMEOUT_MS = 2_000;

export type Readiness = { ready: boolean; checks: { database: boolean; migrations: boolean } };

export async function readiness(): Promise<Readiness> {
  const checks = { database: false, migrations: false };
  // A process that is stopping takes no more work: the load balancer is told at once.
  if (processStopping()) return { ready: false, checks };
  try {
    await withTimeout(sql`SELECT 1`, READY_DB_TIMEOUT_MS);
    checks.database = true;
    const missing = await missingMigrations();
    checks.migrations = missing.length === 0;
    if (missing.length > 0) log.warn("health.migrations_pending", { missing });
  } catch (error) {
    log.warn("health.database_unreachable", { error });
  }
  return { ready: checks.database && checks.migrations, checks };
}

/** This release's migrations not recorded as applied (all of them when Prisma's table is absent). */
async function missingMigrations(): Promise<string[]> {
  const rows = await withTimeout(
    sql<{ name: string }>`
      SELECT migration_name AS name FROM _prisma_migrations
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    READY_DB_TIMEOUT_MS,
  ).catch((error: unknown) => {
    if ((error as { code?: string }).code === "42P01") return []; // no such table: nothing applied by Prisma
    throw error;
  });
  const applied = new Set(rows.map((r) => r.name));
  return shippedMigrations().filter((name) => !applied.has(name));
}

let shipped: string[] | undefined;

/** The migration folders of this release (prisma/migrations, next to package.json). */
function shippedMigrations(): string[] {
  shipped ??= readdirSync(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return shipped;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
