// `npm run bench -- fleet`: a partner's fleet, unattended. BENCH_FLEET_ORGS
// organizations (1,000 by default) of 50–350 gifts each behind an emulator answering after a
// latency of median 150 ms / p99 600 ms with 10 requests a second per organization; two app
// processes (`npm start`'s launcher over the production build, APPORTION_WORKER=0) and one worker
// (`npm run worker`) on one PostgreSQL database. Every admin connects through the app's own
// Connect over plain HTTP (bench/fleet/sign-in.ts), which also gives the session for the API.
//  1. first copies: the worker starts; nobody opens a page; each organization's copy is complete
//     (TransactionSync.fullCompletedAt, and as many gifts as the service holds);
//  2. freshness: one gift per organization changed at the service; when each is in the copy
//     (its KnownTransaction.syncedAt), against 2 × SYNC_INTERVAL_MS;
//  3. submissions: one per organization through POST /api/submissions, all at once, half to each
//     app; the worker is killed (SIGKILL) once in the middle and a new one started; every one must
//     end Verified, and the emulator must hold exactly one applied import per organization;
// throughout: the database's sessions (pg_stat_activity) against the configured pools, and each
// process's resident memory (VmRSS) and CPU time. Prints a markdown table. Needs `next build`
// (done when .next/BUILD_ID is missing, or with BENCH_FLEET_BUILD=1) and PostgreSQL on
// 127.0.0.1:5432, like the tests. Ctrl-C stops every process it started.
// Knobs (defaults): BENCH_FLEET_ORGS (1000), BENCH_FLEET_MIN_GIFTS / _MAX_GIFTS (50 / 350),
// BENCH_FLEET_RATE (10 a second per organization), BENCH_FLEET_SYNC_INTERVAL_MS (60000),
// BENCH_FLEET_SYNC_CONCURRENCY (12), BENCH_FLEET_POOL_MAX (10, the apps), BENCH_FLEET_WORKER_POOL_MAX
// (3 × sync concurrency + 5), BENCH_FLEET_CLAIM_TIMEOUT_MS (30000), BENCH_FLEET_KILL_AT (0.3 of
// the submissions Verified), BENCH_FLEET_PHASE_TIMEOUT_MS (1800000), BENCH_FLEET_APP_PORTS
// (3400,3401), BENCH_FLEET_EMULATOR_PORT (4400), BENCH_DATABASE (apportion_bench_fleet); any other
// app variable (READ_BACK_CONCURRENCY…) passes through to the app and worker processes.
import { existsSync, readFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { cpus } from "node:os";
import pg from "pg";
import { databaseUrl, recreateDatabase } from "../tests/support/database";
import { ConnectionWatch, LogCounts, mapLimit, millis, percentile, seconds, sleep } from "./fleet/measure";
import { logTail, MemoryWatch, type Running, startProcess, waitFor } from "./fleet/processes";
import { type Session, signIn } from "./fleet/sign-in";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ORGS = num("BENCH_FLEET_ORGS", 1_000);
const MIN_GIFTS = num("BENCH_FLEET_MIN_GIFTS", 50);
const MAX_GIFTS = num("BENCH_FLEET_MAX_GIFTS", 350);
const RATE = num("BENCH_FLEET_RATE", 10);
// A thousand organizations' changes-only syncs (two calls or so, 0.3–0.5 s each) every minute
// need about a dozen at once; the worker's pool follows the README's rule (3 × syncs + 5).
const INTERVAL_MS = num("BENCH_FLEET_SYNC_INTERVAL_MS", 60_000);
const SYNC_CONCURRENCY = num("BENCH_FLEET_SYNC_CONCURRENCY", 12);
const POOL_MAX = num("BENCH_FLEET_POOL_MAX", 10);
const WORKER_POOL_MAX = num("BENCH_FLEET_WORKER_POOL_MAX", 3 * SYNC_CONCURRENCY + 5);
/** A claim of the killed worker is taken over after this (the default, 2 minutes, is for real use). */
const CLAIM_TIMEOUT_MS = num("BENCH_FLEET_CLAIM_TIMEOUT_MS", 30_000);
/** The worker is killed once this share of the submissions is Verified. */
const KILL_AT = num("BENCH_FLEET_KILL_AT", 0.3);
const PHASE_TIMEOUT_MS = num("BENCH_FLEET_PHASE_TIMEOUT_MS", 30 * 60_000);
const [PORT_A, PORT_B] = (process.env.BENCH_FLEET_APP_PORTS ?? "3400,3401").split(",").map(Number) as [number, number];
const EMULATOR_PORT = num("BENCH_FLEET_EMULATOR_PORT", 4400);
const DATABASE = process.env.BENCH_DATABASE ?? "apportion_bench_fleet";

// Test values, nothing else (as tests/e2e/config.ts).
const CLIENT_ID = "apportion-fleet";
const CLIENT_SECRET = "fleet-client-secret-7c1e4b9a2d";
const APP_URL = `http://localhost:${PORT_A}`;
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;
const appUrls = [APP_URL, `http://localhost:${PORT_B}`];
const url = (name: string) => {
  const u = new URL(databaseUrl(DATABASE));
  u.searchParams.set("application_name", name);
  return u.toString();
};
const common = {
  NODE_ENV: "production",
  SERVICE_ENVIRONMENT: "playground",
  SERVICE_BASE_URL: EMULATOR_URL,
  SERVICE_CLIENT_ID: CLIENT_ID,
  SERVICE_CLIENT_SECRET: CLIENT_SECRET,
  NEXTAUTH_URL: APP_URL,
  NEXTAUTH_SECRET: "fleet-auth-secret-5d2a9c7e1b3f48a6",
  TOKEN_ENCRYPTION_KEYS: `fleet1:${Buffer.alloc(32, 7).toString("base64")}`,
  DATABASE_POOL_MAX: String(POOL_MAX),
  OUTBOX_CLAIM_TIMEOUT_MS: String(CLAIM_TIMEOUT_MS),
  SYNC_INTERVAL_MS: String(INTERVAL_MS),
  SYNC_CONCURRENCY: String(SYNC_CONCURRENCY),
  NEXT_TELEMETRY_DISABLED: "1",
};

type Org = { organization_id: number; admin_email: string; admin_password: string; gifts: number };

// Ctrl-C or a stop signal: the processes run in groups of their own, so stop them first.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the fleet's processes…`);
    void Promise.all(running.map((p) => p.stop())).then(() => process.exit(130));
  });
}

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const logs = new LogCounts();
const running: Running[] = [];
const memory = new MemoryWatch();

function launch(name: string, args: string[], env: Record<string, string>, port?: number) {
  const p = startProcess(name, args, env, { port });
  p.child.stdout?.on("data", (c: Buffer) =>
    c
      .toString()
      .split("\n")
      .forEach((l) => logs.take(name, l)),
  );
  p.child.stderr?.on("data", (c: Buffer) =>
    c
      .toString()
      .split("\n")
      .forEach((l) => logs.take(name, l)),
  );
  running.push(p);
  return p;
}

const startApp = (n: number, port: number) =>
  launch(
    `app-${n}`,
    ["--import", "tsx", "scripts/launch.ts", "start"],
    { ...common, PORT: String(port), APPORTION_WORKER: "0", DATABASE_URL: url(`fleet-app-${n}`) },
    port,
  );
const startWorker = (n: number) =>
  launch(`worker-${n}`, ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"], {
    ...common,
    WORKER_ID: `fleet-worker-${n}`,
    DATABASE_URL: url(`fleet-worker-${n}`),
    DATABASE_POOL_MAX: String(WORKER_POOL_MAX),
  });

async function build() {
  if (existsSync(".next/BUILD_ID") && process.env.BENCH_FLEET_BUILD !== "1") return;
  log("Building the app (next build)…");
  await new Promise<void>((resolve, reject) => {
    const child = spawn("npx", ["next", "build"], { stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error("next build failed"))));
  });
}

async function emulatorJson<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${EMULATOR_URL}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`emulator ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Polls `check` (how many of `total` are done) until all are, or fails after the phase timeout. */
async function until(what: string, total: number, check: () => Promise<number>, everyMs = 500) {
  const started = Date.now();
  let lastReport = 0;
  for (;;) {
    const done = await check();
    if (done >= total) return;
    if (Date.now() - lastReport > 15_000) {
      log(`  ${what}: ${done} / ${total}`);
      lastReport = Date.now();
    }
    if (Date.now() - started > PHASE_TIMEOUT_MS) throw new Error(`${what}: only ${done} of ${total} in time`);
    for (const p of running) {
      if (p.child.exitCode !== null && !p.name.startsWith("worker-1")) {
        throw new Error(`${p.name} exited (${p.child.exitCode}) during "${what}"`);
      }
    }
    await sleep(everyMs);
  }
}

const cents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;

const table: [string, string, string][] = [];
let exitCode = 0;
const benchStarted = Date.now();
const bench = new pg.Client({ connectionString: url("fleet-bench") });
const connections = new ConnectionWatch(databaseUrl(DATABASE), DATABASE);
let emulator: Running | undefined;

try {
  await build();
  log(`Fleet: ${ORGS} organizations of ${MIN_GIFTS}–${MAX_GIFTS} gifts; database ${DATABASE}`);
  await recreateDatabase(DATABASE);
  // As a deployment migrates (the launchers then find the schema up to date).
  await new Promise<void>((resolve, reject) => {
    const child = spawn("npx", ["prisma", "migrate", "deploy"], {
      stdio: "ignore",
      env: { ...process.env, DATABASE_URL: databaseUrl(DATABASE) },
    });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error("prisma migrate deploy failed"))));
  });
  await bench.connect();
  await connections.start();

  emulator = launch("emulator", ["--import", "tsx", "emulator/main.ts"], {
    EMULATOR_PORT: String(EMULATOR_PORT),
    EMULATOR_CLIENT_ID: CLIENT_ID,
    EMULATOR_CLIENT_SECRET: CLIENT_SECRET,
    EMULATOR_REDIRECT_URIS: `${APP_URL}/api/auth/callback/playground`,
    EMULATOR_LATENCY_MEDIAN_MS: "150",
    EMULATOR_LATENCY_P99_MS: "600",
    EMULATOR_RATE_PER_ORGANIZATION: String(RATE),
  });
  await waitFor(`${EMULATOR_URL}/__emulator/health`, 60_000, emulator);
  memory.watch("emulator", emulator.pid);
  const { organizations } = await emulatorJson<{ organizations: Org[] }>("/__emulator/organizations", {
    count: ORGS,
    seed: 22,
    gifts: { min: MIN_GIFTS, max: MAX_GIFTS },
  });
  const giftsAtService = organizations.reduce((sum, o) => sum + o.gifts, 0);
  log(`Emulator: ${organizations.length} organizations, ${giftsAtService} gifts`);

  const apps = [startApp(1, PORT_A), startApp(2, PORT_B)];
  await Promise.all(apps.map((a, i) => waitFor(`${appUrls[i]}/api/health`, 180_000, a)));
  apps.forEach((a) => memory.watch(a.name, a.pid));

  // Every admin connects through the app (no worker runs yet: nothing is copied before t0).
  const signInStarted = Date.now();
  const sessions = new Map<number, Session>();
  await mapLimit(organizations, 16, async (org) => {
    // On a loaded machine a Connect can time out waiting for the app's pool ("storage_failed"):
    // the admin connects again, as a person would (the bench measures what comes after).
    for (let attempt = 1; ; attempt++) {
      try {
        sessions.set(org.organization_id, await signIn(APP_URL, org.admin_email, org.admin_password));
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
        log(`  sign-in of organization ${org.organization_id} failed (${String(error)}); again`);
      }
    }
  });
  const connected = Number((await bench.query(`SELECT count(*) AS n FROM "Connection"`)).rows[0].n);
  log(`Connected ${connected} organizations through the app in ${seconds(Date.now() - signInStarted)}`);
  if (connected !== ORGS) throw new Error(`${connected} connections for ${ORGS} organizations`);

  // 1. First copies, by the worker's scheduled sync alone.
  const t0 = Date.now();
  connections.running = true;
  let worker = startWorker(1);
  memory.watch("worker", () => worker.child.pid);
  log("Phase 1: first copies…");
  await until("first copies complete", ORGS, async () =>
    Number(
      (await bench.query(`SELECT count(*) AS n FROM "TransactionSync" WHERE "fullCompletedAt" IS NOT NULL`)).rows[0].n,
    ),
  );
  const firstCopies = (
    await bench.query<{ org: string; ms: number; copied: string }>(
      `SELECT c."organizationId" AS org,
              extract(epoch FROM s."fullCompletedAt") * 1000 - $1::float8 AS ms,
              (SELECT count(*) FROM "KnownTransaction" k WHERE k."connectionId" = c.id) AS copied
         FROM "Connection" c JOIN "TransactionSync" s ON s."connectionId" = c.id`,
      [t0],
    )
  ).rows;
  const giftsOf = new Map(organizations.map((o) => [String(o.organization_id), o.gifts]));
  const incomplete = firstCopies.filter((r) => Number(r.copied) !== giftsOf.get(r.org)).length;
  const copyMs = firstCopies.map((r) => Number(r.ms));
  const copied = firstCopies.reduce((sum, r) => sum + Number(r.copied), 0);
  table.push(
    [
      "First copies complete",
      `${firstCopies.length} / ${ORGS}`,
      `${copied} / ${giftsAtService} gifts; ${incomplete} copies short`,
    ],
    [
      "First copy done after (from worker start)",
      `p50 ${seconds(percentile(copyMs, 50))}, p99 ${seconds(percentile(copyMs, 99))}`,
      `all done at ${seconds(Math.max(...copyMs))}`,
    ],
  );
  log(`  all first copies done at ${seconds(Math.max(...copyMs))}`);

  // 2. One gift changed per organization at the service; when each is in the copy.
  log("Phase 2: one changed gift per organization…");
  const changedAt = new Map<string, number>();
  await mapLimit(organizations, 32, async (org) => {
    const at = Date.now();
    const { changed } = await emulatorJson<{ changed: string[] }>(
      `/__emulator/organizations/${org.organization_id}/change`,
      { count: 1, seed: org.organization_id },
    );
    changedAt.set(changed[0]!, at);
  });
  const changedIds = [...changedAt.keys()];
  const seen = async () =>
    (
      await bench.query<{ id: string; synced: number }>(
        `SELECT "transactionId" AS id, extract(epoch FROM "syncedAt") * 1000 AS synced
           FROM "KnownTransaction" WHERE "transactionId" = ANY($1) AND "contactName" LIKE '% (edited)'`,
        [changedIds],
      )
    ).rows;
  await until("changed gifts in the copy", changedIds.length, async () => (await seen()).length, 1_000);
  const lagMs = (await seen()).map((r) => Number(r.synced) - changedAt.get(r.id)!);
  const within = lagMs.filter((ms) => ms <= 2 * INTERVAL_MS).length;
  table.push([
    "Changed gift in the copy (interval " + seconds(INTERVAL_MS) + ")",
    `p50 ${seconds(percentile(lagMs, 50))}, p99 ${seconds(percentile(lagMs, 99))}, max ${seconds(Math.max(...lagMs))}`,
    `${within} / ${ORGS} within 2 × interval (${seconds(2 * INTERVAL_MS)}); target p99 ≤ 2 × interval: ${(percentile(lagMs, 99) ?? Infinity) <= 2 * INTERVAL_MS ? "met" : "NOT met"}`,
  ]);

  // 3. One submission per organization, all at once, half through each app.
  log("Phase 3: one submission per organization, all at once…");
  const gifts = (
    await bench.query<{
      org: string;
      transactionId: string;
      externalId: string;
      amountCents: string;
      currency: string;
    }>(
      `SELECT DISTINCT ON (c.id) c."organizationId" AS org, k."transactionId", k."externalId", k."amountCents", k.currency
         FROM "Connection" c JOIN "KnownTransaction" k ON k."connectionId" = c.id
        WHERE k."externalId" IS NOT NULL AND k."amountCents" >= 200 AND NOT (k."transactionId" = ANY($1))
        ORDER BY c.id, k."transactionId"`,
      [changedIds],
    )
  ).rows;
  if (gifts.length !== ORGS) throw new Error(`a gift to split for ${gifts.length} of ${ORGS} organizations`);
  const sent = await Promise.all(
    gifts.map(async (gift, i) => {
      const total = Number(gift.amountCents);
      const half = Math.floor(total / 2);
      const body = {
        idempotencyKey: crypto.randomUUID(),
        allocations: [
          {
            transactionId: gift.transactionId,
            totalCents: total,
            currency: gift.currency,
            removedSplitIds: [],
            rows: [
              {
                splitId: `${gift.externalId}:fleet-1`,
                amount: cents(half),
                quantity: "1",
                campaign: "Spring Appeal",
                campaignId: "",
                parentCampaign: "",
                parentCampaignId: "",
                fund: "General",
                fundId: "",
              },
              {
                splitId: `${gift.externalId}:fleet-2`,
                amount: cents(total - half),
                quantity: "1",
                campaign: "",
                campaignId: "",
                parentCampaign: "",
                parentCampaignId: "",
                fund: "Programs",
                fundId: "",
              },
            ],
          },
        ],
        confirmedNewNames: [
          { kind: "campaign", name: "Spring Appeal" },
          { kind: "fund", name: "General" },
          { kind: "fund", name: "Programs" },
        ],
      };
      const at = Date.now();
      const response = await fetch(`${appUrls[i % 2]}/api/submissions`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: APP_URL,
          Cookie: sessions.get(Number(gift.org))!.cookie,
        },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => ({}))) as { submissionId?: string };
      return {
        org: gift.org,
        transactionId: gift.transactionId,
        at,
        status: response.status,
        submissionId: answer.submissionId,
        acceptMs: Date.now() - at,
      };
    }),
  );
  const accepted = sent.filter((s) => s.status === 201 && s.submissionId);
  log(`  ${accepted.length} / ${ORGS} accepted (201)`);

  const verifiedCount = async () =>
    Number((await bench.query(`SELECT count(*) AS n FROM "Submission" WHERE verification = 'verified'`)).rows[0].n);
  // The worker is killed once, in the middle: when KILL_AT of them are Verified.
  const killAt = Math.max(1, Math.ceil(ORGS * KILL_AT));
  let atKill = 0;
  for (;;) {
    atKill = await verifiedCount();
    if (atKill >= killAt) break;
    await sleep(100);
  }
  await worker.stop("SIGKILL");
  const killedAt = Date.now();
  // What the dead worker held: its claims stay as they were until they are taken over.
  const stateAtKill = (
    await bench.query<{ status: string; n: string }>(
      `SELECT status::text || CASE WHEN "claimedBy" = 'fleet-worker-1' THEN ' (by the killed worker)' ELSE '' END AS status,
              count(*) AS n
         FROM "SubmissionBatch" GROUP BY 1 ORDER BY 1`,
    )
  ).rows
    .map((r) => `${r.status} ${r.n}`)
    .join(", ");
  const readBackHeldAtKill = new Set(
    (
      await bench.query<{ id: string }>(
        `SELECT id FROM "Submission" WHERE "verificationClaimedBy" = 'fleet-worker-1' AND verification = 'pending'`,
      )
    ).rows.map((r) => r.id),
  );
  const inFlightAtKill = new Set(
    (
      await bench.query<{ org: string }>(
        `SELECT c."organizationId" AS org FROM "SubmissionBatch" b
           JOIN "Submission" s ON s.id = b."submissionId" JOIN "Connection" c ON c.id = s."connectionId"
          WHERE b.status = 'sending' AND b."claimedBy" = 'fleet-worker-1'`,
      )
    ).rows.map((r) => r.org),
  );
  log(`  worker killed (SIGKILL) with ${atKill} / ${ORGS} Verified; batches: ${stateAtKill}`);
  worker = startWorker(2);
  await until("submissions Verified", ORGS, async () => {
    const final = Number(
      (
        await bench.query(
          `SELECT count(*) AS n FROM "Submission" WHERE verification IN ('verified', 'differs', 'could_not_verify') OR status = 'needs_attention'`,
        )
      ).rows[0].n,
    );
    return final;
  });
  const finals = (
    await bench.query<{ id: string; status: string; verification: string | null; verified: number | null }>(
      `SELECT id, status::text, verification::text, extract(epoch FROM "verifiedAt") * 1000 AS verified FROM "Submission"`,
    )
  ).rows;
  const byId = new Map(finals.map((f) => [f.id, f]));
  const verifyMs = accepted.flatMap((s) => {
    const f = byId.get(s.submissionId!);
    return f?.verification === "verified" ? [Number(f.verified) - s.at] : [];
  });
  // Those the killed worker was reading back wait for its claim to go stale (lib/read-back/run.ts).
  const verifyOthersMs = accepted.flatMap((s) => {
    const f = byId.get(s.submissionId!);
    return f?.verification === "verified" && !readBackHeldAtKill.has(f.id) ? [Number(f.verified) - s.at] : [];
  });
  // Where the slowest one spent its time (the app's clock, from its send).
  const slowest = accepted.reduce((a, b) =>
    Number(byId.get(a.submissionId!)?.verified ?? Infinity) - a.at >=
    Number(byId.get(b.submissionId!)?.verified ?? Infinity) - b.at
      ? a
      : b,
  );
  const timeline = (
    await bench.query<{
      sent: number | null;
      done: number | null;
      attempts: number;
      verified: number | null;
      calls: number;
    }>(
      `SELECT extract(epoch FROM b."sentAt") * 1000 AS sent, extract(epoch FROM b."completedAt") * 1000 AS done, b.attempts,
              extract(epoch FROM s."verifiedAt") * 1000 AS verified, s."verificationCalls" AS calls
         FROM "Submission" s JOIN "SubmissionBatch" b ON b."submissionId" = s.id WHERE s.id = $1`,
      [slowest.submissionId],
    )
  ).rows[0];
  const after = (ms: number | null | undefined) => (ms == null ? "–" : seconds(Number(ms) - slowest.at));
  const slowestLine = timeline
    ? `slowest: sent ${after(timeline.sent)}, import complete ${after(timeline.done)}, Verified ${after(timeline.verified)} (attempts ${timeline.attempts}, read-back calls ${timeline.calls})`
    : "";
  const notVerified = finals.filter((f) => f.verification !== "verified").map((f) => `${f.status}/${f.verification}`);

  // At the service: one import per organization, complete, and exactly the two splits on the gift.
  const serviceCheck = await mapLimit(sent, 16, async (s) => {
    const { imports } = await emulatorJson<{ imports: { status: string; rows_imported: number }[] }>(
      `/__emulator/organizations/${s.org}/imports`,
    );
    const { splits } = await emulatorJson<{
      splits: { id: string | null; transaction_id: string; deleted_at: string | null }[];
    }>(`/__emulator/organizations/${s.org}/splits`);
    const active = splits.filter((x) => x.transaction_id === s.transactionId && x.deleted_at === null);
    return {
      org: s.org,
      imports: imports.length,
      complete: imports.filter((i) => i.status === "Complete").length,
      splits: active.length,
      distinctIds: new Set(active.map((x) => x.id)).size,
    };
  });
  const lost = serviceCheck.filter((c) => c.imports === 0 || c.splits < 2).length + (ORGS - accepted.length);
  const duplicated = serviceCheck.filter((c) => c.splits > 2 || c.distinctIds !== c.splits).length;
  const sentTwice = serviceCheck.filter((c) => c.imports > 1);
  const sentTwiceInFlight = sentTwice.filter((c) => inFlightAtKill.has(c.org)).length;
  const acceptMs = sent.map((s) => s.acceptMs);
  table.push(
    [
      "Submissions accepted (POST /api/submissions, 2 apps)",
      `${accepted.length} / ${ORGS}`,
      `accept p50 ${millis(percentile(acceptMs, 50))}, p99 ${millis(percentile(acceptMs, 99))}, max ${millis(Math.max(...acceptMs))}; ${appUrls
        .map(
          (_, n) =>
            `app-${n + 1} p50 ${millis(
              percentile(
                acceptMs.filter((_, i) => i % 2 === n),
                50,
              ),
            )}, p99 ${millis(
              percentile(
                acceptMs.filter((_, i) => i % 2 === n),
                99,
              ),
            )}`,
        )
        .join(
          "; ",
        )}; in the route (access log) p50 ${millis(percentile(logs.submissionMs, 50))}, p99 ${millis(percentile(logs.submissionMs, 99))}`,
    ],
    [
      "Submissions Verified",
      `${verifyMs.length} / ${ORGS}`,
      notVerified.length ? `not verified: ${[...new Set(notVerified)].join(", ")}` : "all",
    ],
    [
      "Send → Verified",
      `p50 ${seconds(percentile(verifyMs, 50))}, p99 ${seconds(percentile(verifyMs, 99))}`,
      `max ${seconds(Math.max(...verifyMs))}; ${slowestLine}; without the ${readBackHeldAtKill.size} the killed worker was reading back (their claim lapses after 60 s): p50 ${seconds(percentile(verifyOthersMs, 50))}, p99 ${seconds(percentile(verifyOthersMs, 99))}`,
    ],
    [
      "Worker killed (SIGKILL) mid-phase, new one started",
      `at ${atKill} / ${ORGS} Verified`,
      `batches then: ${stateAtKill}; all final ${seconds(Date.now() - killedAt)} after the kill`,
    ],
    [
      "Lost / duplicated (splits at the emulator)",
      `${lost} / ${duplicated}`,
      `every organization's gift holds exactly its 2 splits: ${lost === 0 && duplicated === 0 ? "yes" : "NO"}`,
    ],
    [
      "Import calls made twice",
      String(sentTwice.length),
      `imports per organization: ${[...new Set(serviceCheck.map((c) => c.imports))].sort().join(", ")} (complete ${serviceCheck.reduce((n, c) => n + c.complete, 0)}); of those sent twice, ${sentTwiceInFlight} were in the killed worker's hands mid-call (${inFlightAtKill.size} batches were)`,
    ],
  );

  const realism = await emulatorJson<{ stats: Record<string, number> }>("/__emulator/realism");
  table.push([
    "Refused by the emulator (429)",
    String(
      (realism.stats.refused_per_organization ?? 0) +
        (realism.stats.refused_per_token ?? 0) +
        (realism.stats.refused_concurrent ?? 0),
    ),
    `per organization ${realism.stats.refused_per_organization ?? 0}, per token ${realism.stats.refused_per_token ?? 0}, concurrent ${realism.stats.refused_concurrent ?? 0}; most at once ${realism.stats.most_at_once ?? "–"}`,
  ]);
} catch (error) {
  exitCode = 1;
  console.error(`Fleet bench failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error(logTail.slice(-40).join("\n"));
  // Where the submissions stood, when it failed in phase 3.
  const where = await bench
    .query<{ status: string; verification: string | null; batches: string; n: string }>(
      `SELECT s.status::text, s.verification::text,
              (SELECT string_agg(DISTINCT b.status::text, '+') FROM "SubmissionBatch" b WHERE b."submissionId" = s.id) AS batches,
              count(*) AS n
         FROM "Submission" s GROUP BY 1, 2, 3 ORDER BY 4 DESC`,
    )
    .catch(() => ({ rows: [] }));
  if (where.rows.length > 0) {
    table.push([
      "Submissions when it failed (status / verification / batches)",
      String(where.rows.reduce((n, r) => n + Number(r.n), 0)),
      where.rows.map((r) => `${r.status} / ${r.verification ?? "–"} / ${r.batches}: ${r.n}`).join("; "),
    ]);
  }
} finally {
  // Graceful stop of what is left (the apps and the worker finish or release within their deadline).
  await Promise.all(running.filter((p) => p !== emulator).map((p) => p.stop()));
  memory.stop();
  await connections.stop();
  await emulator?.stop();
  await bench.end().catch(() => undefined);
}

const bound = 2 * (POOL_MAX + 1) + WORKER_POOL_MAX + 1;
const names = [...connections.maxByName]
  .sort()
  .map(([n, c]) => `${n} ${c}`)
  .join(", ");
table.push([
  "Database sessions (pg_stat_activity, max)",
  `${connections.maxTotal} (bound ${bound}): ${connections.maxTotal <= bound ? "within" : "OVER"}`,
  `${connections.samples} samples, ${connections.maxBeforeRun} at most before the worker started; pools: 2 apps × (DATABASE_POOL_MAX ${POOL_MAX} + 1 LISTEN) + worker (${WORKER_POOL_MAX} + 1); by name: ${names}`,
]);
table.push([
  "Resident memory (VmRSS, max)",
  [...memory.maxKb].map(([n, kb]) => `${n} ${Math.round(kb / 1024)} MB`).join(", "),
  "apps: the process serving the port (next start); worker: both, killed and restarted",
]);
table.push([
  "CPU time (user + system)",
  [...memory.cpu.values()].map((c) => `${c.label} ${c.seconds.toFixed(0)} s`).join(", "),
  `machine: ${cpus().length} cores shared by every process and PostgreSQL; load average at the end ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
]);
const problems = [...logs.counts].map(([k, n]) => `${k} ×${n}`);
table.push(["Warnings / errors logged", String(problems.length), problems.join("; ").slice(0, 1500) || "none"]);
table.push([
  "Whole run",
  seconds(Date.now() - benchStarted),
  `sync interval ${seconds(INTERVAL_MS)}, SYNC_CONCURRENCY ${SYNC_CONCURRENCY}, READ_BACK_CONCURRENCY ${process.env.READ_BACK_CONCURRENCY ?? "4 (default)"}, claim timeout ${seconds(CLAIM_TIMEOUT_MS)}`,
]);

console.log(`\nFleet: ${ORGS} organizations, latency median 150 ms / p99 600 ms, ${RATE} requests/s per organization`);
console.log("| measure | result | detail |");
console.log("| --- | --- | --- |");
for (const [a, b, c] of table) console.log(`| ${a} | ${b} | ${c.replaceAll("|", "/")} |`);
process.exit(exitCode);
