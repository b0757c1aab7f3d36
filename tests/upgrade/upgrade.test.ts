// Upgrades without downtime: the previous release builds its database with data in
// every table, then this release's migrations run while the previous release's worker and its web
// code (reads, History details, new submissions claimed and delivered) keep working, then both
// releases run side by side. Passes only with 0 errors in either release's processes, every row
// still there with the values it had, every submission delivered, and a schema identical to a
// fresh install's. Generic: it applies whatever migrations this tree has.
import { execFileSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "@/emulator/server";
import { applyMigrations, databaseUrl, dropDatabase, recreateDatabase } from "../support/database";
import { previousRelease, releaseTree } from "./previous-release";
import { problems, run, type Running, startTsx } from "./processes";
import { compare, emptyTables, schemaOf, snapshot } from "./snapshot";
import pg from "pg";

const DATABASE = `apportion_upgrade_${process.pid}`;
const FRESH = `apportion_upgrade_fresh_${process.pid}`;
const url = databaseUrl(DATABASE);
const NEW_TREE = process.cwd();
/** How long both releases run side by side after the migrations. */
const SIDE_BY_SIDE_MS = Number(process.env.UPGRADE_SIDE_BY_SIDE_MS ?? 15_000);
/** Columns the running processes write on rows the fixture made, whatever the schema. */
const MOVING: Record<string, string[]> = {
  Connection: ["lastCheckedAt", "updatedAt", "refreshLeaseOwner", "refreshLeaseUntil"],
  TransactionSync: ["leaseOwner", "leaseUntil", "updatedAt"],
};

let emulator: RunningEmulator;
const processes: Running[] = [];
const timings: Record<string, number> = {};

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings[label] = Date.now() - started;
  }
}

function envFor(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Development defaults (emulator credentials, the development token key) for both releases.
    NODE_ENV: "development",
    DATABASE_URL: url,
    SERVICE_BASE_URL: emulator.url,
    APPORTION_SILENT_LOGS: "0",
    LOG_FORMAT: "json",
    OUTBOX_BACKOFF_MS: "50",
    ...extra,
  };
  delete env.VITEST;
  delete env.VITEST_WORKER_ID;
  delete env.VITEST_POOL_ID;
  return env;
}

function start(label: string, tree: string, file: string, extra: Record<string, string> = {}): Running {
  const running = startTsx(label, tree, file, envFor(extra));
  processes.push(running);
  return running;
}

function releaseShips(commit: string, file: string): boolean {
  try {
    execFileSync("git", ["cat-file", "-e", `${commit}:${file}`], { cwd: NEW_TREE, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const rounds = (client: Running, after = 0) =>
  client.json().filter((l) => l.event === "round" && typeof l.at === "number" && l.at > after).length;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, importDelayMs: 0 });
  await recreateDatabase(DATABASE);
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop(5_000)));
  await emulator?.close();
  await dropDatabase(DATABASE).catch(() => undefined);
  await dropDatabase(FRESH).catch(() => undefined);
  console.log(`upgrade test timings (ms): ${JSON.stringify(timings)}`);
});

describe("an upgrade from the previous release", () => {
  it("keeps the previous release working through the migrations and side by side", async () => {
    const release = previousRelease(NEW_TREE);
    const { dir: oldTree, preparedMs } = releaseTree(release, NEW_TREE);
    timings.prepareOldTree = preparedMs;
    console.log(`previous release ${release.version} (${release.commit.slice(0, 7)}, by ${release.from}) in ${oldTree}`);
    // The release's own fixture and client when it ships them; 0.1.0 predates them, and gets
    // this tree's copies (written against 0.1.0's lib, which they only read from).
    const scripts = path.join(oldTree, "tests/upgrade/release");
    if (!releaseShips(release.commit, "tests/upgrade/release/fixture.ts")) {
      rmSync(scripts, { recursive: true, force: true });
      cpSync(path.join(NEW_TREE, "tests/upgrade/release"), scripts, { recursive: true });
    }

    // 1. The previous release migrates and fills its database.
    await timed("oldMigrate", () => run("npx", ["prisma", "migrate", "deploy"], { cwd: oldTree, env: envFor() }));
    const fixture = start("old fixture", oldTree, "tests/upgrade/release/fixture.ts");
    await timed("fixture", () => fixture.waitFor((l) => l.event === "fixture_done", 180_000));
    const before = await snapshot(url);
    expect(emptyTables(before), "tables the previous release's fixture left empty").toEqual([]);

    // 2. Its worker and web code run; this release's migrations are applied under them.
    const oldWorker = start("old worker", oldTree, "scripts/worker.ts", { WORKER_ID: "old-worker" });
    const oldClient = start("old client", oldTree, "tests/upgrade/release/client.ts", {
      CLIENT_NAME: "old",
      CLIENT_PARITY: "0",
    });
    await oldClient.waitFor((l) => l.event === "round", 120_000);
    const migrationStarted = Date.now();
    const migrated = await timed("newMigrate", () =>
      run("npx", ["prisma", "migrate", "deploy"], { cwd: NEW_TREE, env: envFor() }),
    );
    const migrationEnded = Date.now();
    console.log(migrated.split("\n").filter((l) => /migration|applied/i.test(l)).join("\n"));
    timings.oldClientRoundsDuringMigrations = rounds(oldClient, migrationStarted) - rounds(oldClient, migrationEnded);

    // 3. This release's worker and web code start; both releases run side by side.
    const newWorker = start("new worker", NEW_TREE, "scripts/worker.ts", { WORKER_ID: "new-worker" });
    const newClient = start("new client", NEW_TREE, "tests/upgrade/release/client.ts", {
      CLIENT_NAME: "new",
      CLIENT_PARITY: "1",
    });
    await newClient.waitFor((l) => l.event === "round", 120_000);
    const sideBySide = Date.now();
    await new Promise((r) => setTimeout(r, SIDE_BY_SIDE_MS));
    const summaries = await Promise.all(
      [oldClient, newClient].map(async (client) => {
        const code = await client.finish(60_000);
        const summary = client.json().find((l) => l.event === "summary") as
          | { rounds: number; submitted: string[] }
          | undefined;
        expect(summary, `${client.label} (exit ${code}): ${client.lines.slice(-5).join("\n")}`).toBeDefined();
        return summary!;
      }),
    );
    const [oldSummary, newSummary] = [summaries[0]!, summaries[1]!];

    // Every submission either release made is delivered and read back, by either worker.
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      let open = -1;
      for (let i = 0; i < 240 && open !== 0; i++) {
        const result = await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM "Submission" WHERE status IN ('sending', 'processing') OR verification = 'pending'`,
        );
        open = Number(result.rows[0]?.n);
        if (open !== 0) await new Promise((r) => setTimeout(r, 250));
      }
      expect(open, "submissions still open after both workers had a minute").toBe(0);
      const statuses = await db.query<{ status: string; n: string }>(
        `SELECT status::text, count(*) AS n FROM "Submission" GROUP BY 1 ORDER BY 1`,
      );
      console.log(`submissions: ${statuses.rows.map((r) => `${r.status} ${r.n}`).join(", ")}`);
      expect(statuses.rows.filter((r) => r.status === "needs_attention")).toEqual([]);
    } finally {
      await db.end();
    }
    await Promise.all([oldWorker.stop(), newWorker.stop()]);

    // 0 errors (and no warnings) in either release's processes.
    const found = Object.fromEntries(
      [fixture, oldWorker, oldClient, newWorker, newClient].map((p) => [p.label, problems(p)]),
    );
    expect(found, "errors and warnings of each process").toEqual({
      "old fixture": [],
      "old worker": [],
      "old client": [],
      "new worker": [],
      "new client": [],
    });
    // The previous release read, submitted and had its submissions claimed after the migrations.
    expect(rounds(oldClient, migrationEnded), "old client rounds after the migrations").toBeGreaterThanOrEqual(2);
    expect(rounds(oldClient, sideBySide), "old client rounds side by side").toBeGreaterThanOrEqual(1);
    expect(rounds(newClient, sideBySide), "new client rounds side by side").toBeGreaterThanOrEqual(1);
    expect(oldSummary.submitted.length, "submissions by the previous release").toBeGreaterThanOrEqual(2);
    expect(newSummary.submitted.length, "submissions by this release").toBeGreaterThanOrEqual(1);

    // 0 rows lost, 0 values changed on the rows the previous release made.
    const after = await snapshot(url);
    const { lost, changed } = compare(before, after, MOVING);
    expect(lost, "rows lost").toEqual([]);
    expect(changed.slice(0, 20), "values changed").toEqual([]);

    // The upgraded schema is the one a fresh install of this release gets.
    await recreateDatabase(FRESH);
    await applyMigrations(databaseUrl(FRESH));
    expect(await schemaOf(url)).toEqual(await schemaOf(databaseUrl(FRESH)));
    console.log(
      `old client: ${oldSummary.rounds} rounds, ${oldSummary.submitted.length} submissions; new client: ${newSummary.rounds} rounds, ${newSummary.submitted.length} submissions; migrations ${migrationEnded - migrationStarted} ms`,
    );
  });
});
