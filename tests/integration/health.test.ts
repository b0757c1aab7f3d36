// GET /api/health and /api/health/ready, called as the route handlers Next.js runs: no session,
// the version, and for readiness a plain ready / not ready (503) with nothing an attacker could
// use: which check failed goes to the log only. A stopped worker does not make web instances
// unready: its liveness is the apportion_workers_live / _heartbeat_age_seconds gauges.
import { readdir } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { db } from "@/lib/db";
import { clearEnvCache, getEnv } from "@/lib/env";
import { metrics } from "@/lib/metrics/registry";
import { heartbeatFigures } from "@/lib/metrics/database-figures";
import { APP_VERSION } from "@/lib/version";
import { writeHeartbeat } from "@/lib/worker/heartbeat";
import packageJson from "@/package.json" with { type: "json" };
import { processSlot } from "@/lib/process-slot";

const migrations = async () =>
  (await readdir("prisma/migrations", { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);

/** Prisma's record of applied migrations, as `prisma migrate deploy` leaves it (the test
 *  database is migrated by running the SQL files, so it has none). */
async function recordMigrations(names: string[]): Promise<void> {
  await db().$executeRawUnsafe(`
    CREATE TABLE IF NOT EXISTS _prisma_migrations (
      id varchar(36) PRIMARY KEY, checksum varchar(64) NOT NULL, finished_at timestamptz,
      migration_name varchar(255) NOT NULL, logs text, rolled_back_at timestamptz,
      started_at timestamptz NOT NULL DEFAULT now(), applied_steps_count integer NOT NULL DEFAULT 0)`);
  await db().$executeRawUnsafe(`TRUNCATE _prisma_migrations`);
  for (const name of names) {
    await db().$executeRaw`
      INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, applied_steps_count)
      VALUES (gen_random_uuid()::text, 'test', now(), ${name}, 1)`;
  }
}

async function answer(response: Response) {
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

/** Nothing in a readiness answer but its status and the version. */
function expectNoDetails(text: string, body: Record<string, unknown>) {
  expect(Object.keys(body).sort()).toEqual(["status", "version"]);
  expect(text).not.toMatch(/migration|heartbeat|database|postgres|127\.0\.0\.1|ECONN|error|worker/i);
}

beforeAll(() => recordMigrations([]));
beforeEach(() => db().workerHeartbeat.deleteMany());
afterAll(async () => {
  await db().$executeRawUnsafe(`DROP TABLE IF EXISTS _prisma_migrations`);
  await db().workerHeartbeat.deleteMany();
});

describe("GET /api/health", () => {
  it("answers that the process is alive, with package.json's version", async () => {
    const { status, body } = await answer(health());
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok", version: packageJson.version });
    expect(APP_VERSION).toBe(packageJson.version);
  });
});

describe("GET /api/health/ready", () => {
  it("is ready with the database reachable, every migration applied and a fresh heartbeat", async () => {
    await recordMigrations(await migrations());
    await writeHeartbeat("worker-test", { outbox: null, sync: null, heartbeat: null });
    const { status, body, text } = await answer(await ready());
    expect(status).toBe(200);
    expect(body.status).toBe("ready");
    expectNoDetails(text, body);
  });

  it("stays ready with the worker stopped: no heartbeat, or a stale one (its liveness is its own metric)", async () => {
    await recordMigrations(await migrations());
    let result = await answer(await ready());
    expect(result.status).toBe(200);
    expect(await workerLiveness()).toEqual({ live: 0, youngestAgeSeconds: null });
    await writeHeartbeat("worker-test", { outbox: null, sync: null, heartbeat: null });
    expect(await workerLiveness()).toMatchObject({ live: 1 });
    // Older than READY_HEARTBEAT_MAX_AGE_MS (30 s by default): the worker stopped without a clean exit.
    await db().workerHeartbeat.update({
      where: { workerId: "worker-test" },
      data: { beatAt: new Date(Date.now() - 31_000) },
    });
    result = await answer(await ready());
    expect(result.status).toBe(200);
    expect(result.body.status).toBe("ready");
    expectNoDetails(result.text, result.body);
    const liveness = await workerLiveness();
    expect(liveness.live).toBe(0);
    expect(liveness.youngestAgeSeconds).toBeGreaterThanOrEqual(31);
    expect(liveness.youngestAgeSeconds).toBeLessThan(40);
    const exposed = await metrics().registry.metrics();
    expect(exposed).toMatch(/^apportion_workers_live 0$/m);
    expect(exposed).toMatch(/^apportion_worker_heartbeat_age_seconds 3\d(\.\d+)?$/m);
  });

  it("is not ready while a migration of this release is not applied", async () => {
    const names = await migrations();
    await recordMigrations(names.slice(0, -1));
    await writeHeartbeat("worker-test", { outbox: null, sync: null, heartbeat: null });
    const result = await answer(await ready());
    expect(result.status).toBe(503);
    expectNoDetails(result.text, result.body);
  });

  describe("with the database unreachable", () => {
    // The web database is made afresh (on the unreachable address) while the test runs.
    const web = processSlot<{ pool: { end(): Promise<void> } }>("apportionWebDb");
    let saved: { web: ReturnType<typeof web.get>; url: string | undefined };
    beforeEach(async () => {
      await recordMigrations(await migrations());
      await writeHeartbeat("worker-test", { outbox: null, sync: null, heartbeat: null });
      saved = { web: web.get(), url: process.env.DATABASE_URL };
      web.set(undefined);
      // Nothing listens on port 1.
      process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/unreachable";
      clearEnvCache();
    });
    afterEach(async () => {
      await web.get()?.pool.end();
      web.set(saved.web);
      process.env.DATABASE_URL = saved.url;
      clearEnvCache();
    });

    it("answers 503 and says nothing of why", async () => {
      const result = await answer(await ready());
      expect(result.status).toBe(503);
      expect(result.body.status).toBe("not_ready");
      expectNoDetails(result.text, result.body);
    });
  });
});

/** The figures the liveness gauges read (lib/metrics/state-gauges.ts). */
function workerLiveness() {
  return heartbeatFigures(getEnv().READY_HEARTBEAT_MAX_AGE_MS);
}
