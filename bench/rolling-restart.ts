// `npm run bench -- rolling-restart`: two app processes (`npm start`'s launcher over the
// production build, APPORTION_WORKER=0) and one worker (`npm run worker`) on one PostgreSQL, behind
// a small round-robin balancer that follows readiness (bench/rolling/balancer.ts). Simulated admins
// keep up steady traffic through it: page reads (/transactions), API reads (/api/transactions) and
// submissions (POST /api/submissions, each splitting a gift of its own). Then app A, app B and the
// worker are restarted one after another (SIGTERM, wait for exit, start again), each once the one
// before is back in rotation (the worker: its new heartbeat). Reported: requests failed (target
// 0), submissions lost / duplicated (checked at the emulator: each gift holds exactly its two
// splits), the longest request while restarting, and time with no instance in rotation (target 0).
// Knobs: BENCH_ROLLING_ADMINS (4), BENCH_ROLLING_DRAIN_DELAY_MS (3000; the balancer checks every
// 500 ms), BENCH_ROLLING_STEADY_MS (10000), BENCH_DATABASE (apportion_bench_rolling), ports
// BENCH_ROLLING_PORTS (3410,3411,3412 = app A, app B, balancer) and BENCH_ROLLING_EMULATOR_PORT (4410).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import pg from "pg";
import { databaseUrl, recreateDatabase } from "../tests/support/database";
import { mapLimit, millis, percentile, seconds, sleep } from "./fleet/measure";
import { logTail, type Running, startProcess, waitFor } from "./fleet/processes";
import { type Session, signIn } from "./fleet/sign-in";
import { Balancer } from "./rolling/balancer";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ADMINS = num("BENCH_ROLLING_ADMINS", 4);
const DRAIN_DELAY_MS = num("BENCH_ROLLING_DRAIN_DELAY_MS", 3_000);
const STEADY_MS = num("BENCH_ROLLING_STEADY_MS", 10_000);
const [PORT_A, PORT_B, PORT_LB] = (process.env.BENCH_ROLLING_PORTS ?? "3410,3411,3412").split(",").map(Number) as [
  number,
  number,
  number,
];
const EMULATOR_PORT = num("BENCH_ROLLING_EMULATOR_PORT", 4410);
const DATABASE = process.env.BENCH_DATABASE ?? "apportion_bench_rolling";
const PUBLIC_URL = `http://localhost:${PORT_LB}`;
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;
const CLIENT_ID = "apportion-rolling";
const CLIENT_SECRET = "rolling-client-secret-3f9a1c7e5b";
const common = {
  NODE_ENV: "production" as const,
  SERVICE_ENVIRONMENT: "playground",
  SERVICE_BASE_URL: EMULATOR_URL,
  SERVICE_CLIENT_ID: CLIENT_ID,
  SERVICE_CLIENT_SECRET: CLIENT_SECRET,
  NEXTAUTH_URL: PUBLIC_URL,
  NEXTAUTH_SECRET: "rolling-auth-secret-8e2b6d4a0c1f9e73",
  TOKEN_ENCRYPTION_KEYS: `rolling1:${Buffer.alloc(32, 9).toString("base64")}`,
  DATABASE_URL: databaseUrl(DATABASE),
  DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
  NEXT_TELEMETRY_DISABLED: "1",
};

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const running: Running[] = [];
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void Promise.all(running.map((p) => p.stop())).then(() => process.exit(130)));
}
const start = (name: string, args: string[], env: Record<string, string>) => {
  const p = startProcess(name, args, { ...common, ...env });
  running.push(p);
  return p;
};
const startApp = (port: number) =>
  start(`app-${port}`, ["--import", "tsx", "scripts/launch.ts", "start"], {
    PORT: String(port),
    APPORTION_WORKER: "0",
  });
let workers = 0;
const startWorker = () =>
  start(`worker-${++workers}`, ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"], {
    WORKER_ID: `rolling-worker-${workers}`,
    WORKER_POLL_MS: "200",
  });

type Sample = { kind: "page" | "api" | "submit"; at: number; ms: number; status: number; error?: string };
const samples: Sample[] = [];
type Sent = { org: number; transactionId: string; submissionId?: string; status: number };
const submitted: Sent[] = [];

async function timed(
  kind: Sample["kind"],
  path: string,
  session: Session,
  body?: unknown,
): Promise<Response | undefined> {
  const at = Date.now();
  try {
    const response = await fetch(`${PUBLIC_URL}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Cookie: session.cookie, Origin: PUBLIC_URL, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const copy = response.clone();
    await response.arrayBuffer();
    samples.push({ kind, at, ms: Date.now() - at, status: response.status });
    return copy;
  } catch (error) {
    samples.push({
      kind,
      at,
      ms: Date.now() - at,
      status: 0,
      error: String((error as { cause?: unknown }).cause ?? error),
    });
    return undefined;
  }
}

const cents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;
const row = (splitId: string, amount: number, fund: string) => ({
  splitId,
  amount: cents(amount),
  quantity: "1",
  campaign: "",
  campaignId: "",
  parentCampaign: "",
  parentCampaignId: "",
  fund,
  fundId: "",
});

/** One admin: page read, API read, and every second round a submission of a gift of its own. */
async function admin(org: number, session: Session, gifts: Gift[], until: () => boolean) {
  for (let round = 0; !until(); round++) {
    await timed("page", "/transactions", session);
    await timed("api", "/api/transactions", session);
    const gift = round % 2 === 0 ? gifts.shift() : undefined;
    if (gift) {
      const half = Math.floor(gift.amountCents / 2);
      const answer = await timed("submit", "/api/submissions", session, {
        idempotencyKey: crypto.randomUUID(),
        allocations: [
          {
            transactionId: gift.transactionId,
            totalCents: gift.amountCents,
            currency: gift.currency,
            removedSplitIds: [],
            rows: [
              row(`${gift.externalId}:rr-1`, half, "General"),
              row(`${gift.externalId}:rr-2`, gift.amountCents - half, "Programs"),
            ],
          },
        ],
        confirmedNewNames: [
          { kind: "fund", name: "General" },
          { kind: "fund", name: "Programs" },
        ],
      });
      const json = answer?.status === 201 ? ((await answer.json()) as { submissionId?: string }) : {};
      submitted.push({
        org,
        transactionId: gift.transactionId,
        submissionId: json.submissionId,
        status: answer?.status ?? 0,
      });
    }
    await sleep(150);
  }
}

type Gift = { transactionId: string; externalId: string; amountCents: number; currency: string };

async function emulatorJson<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${EMULATOR_URL}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`emulator ${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function restart(name: string, stop: () => Promise<void>, again: () => Running, back: () => Promise<void>) {
  const at = Date.now();
  await stop();
  const stoppedMs = Date.now() - at;
  const next = again();
  await back();
  log(`  ${name}: stopped in ${seconds(stoppedMs)}, back after ${seconds(Date.now() - at)}`);
  return next;
}

const bench = new pg.Client({ connectionString: databaseUrl(DATABASE) });
const balancer = new Balancer([
  { name: "A", port: PORT_A },
  { name: "B", port: PORT_B },
]);
let exitCode = 0;
try {
  if (!existsSync(".next/BUILD_ID")) throw new Error("build the app first (npm run build)");
  await recreateDatabase(DATABASE);
  await new Promise<void>((resolve, reject) => {
    const child = spawn("npx", ["prisma", "migrate", "deploy"], {
      stdio: "ignore",
      env: { ...process.env, ...common },
    });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error("prisma migrate deploy failed"))));
  });
  await bench.connect();
  const emulator = start("emulator", ["--import", "tsx", "emulator/main.ts"], {
    EMULATOR_PORT: String(EMULATOR_PORT),
    EMULATOR_CLIENT_ID: CLIENT_ID,
    EMULATOR_CLIENT_SECRET: CLIENT_SECRET,
    EMULATOR_REDIRECT_URIS: `${PUBLIC_URL}/api/auth/callback/playground`,
    EMULATOR_LATENCY_MEDIAN_MS: "50",
    EMULATOR_LATENCY_P99_MS: "200",
  });
  await waitFor(`${EMULATOR_URL}/__emulator/health`, 60_000, emulator);
  const { organizations } = await emulatorJson<{
    organizations: { organization_id: number; admin_email: string; admin_password: string }[];
  }>("/__emulator/organizations", { count: ADMINS, seed: 30, gifts: { min: 300, max: 300 } });
  let appA = startApp(PORT_A);
  let appB = startApp(PORT_B);
  await balancer.listen(PORT_LB);
  const inRotation = (name: string) => async () => {
    while (!balancer.inRotation(name)) await sleep(100);
  };
  await Promise.all([
    waitFor(`http://127.0.0.1:${PORT_A}/api/health`, 180_000, appA),
    waitFor(`http://127.0.0.1:${PORT_B}/api/health`, 180_000, appB),
  ]);
  await Promise.all([inRotation("A")(), inRotation("B")()]);
  let worker = startWorker();
  const sessions = new Map<number, Session>();
  await mapLimit(organizations, 4, async (o) =>
    sessions.set(o.organization_id, await signIn(PUBLIC_URL, o.admin_email, o.admin_password)),
  );
  log(`${organizations.length} admins connected through the balancer; waiting for their first copies…`);
  for (;;) {
    const { rows } = await bench.query(
      `SELECT count(*)::int AS n FROM "TransactionSync" WHERE "fullCompletedAt" IS NOT NULL`,
    );
    if (rows[0].n >= organizations.length) break;
    await sleep(500);
  }
  const giftsOf = new Map<number, Gift[]>();
  for (const o of organizations) {
    const { rows } = await bench.query<Gift & { amountCents: string }>(
      `SELECT k."transactionId", k."externalId", k."amountCents", k.currency FROM "KnownTransaction" k
         JOIN "Connection" c ON c.id = k."connectionId"
        WHERE c."organizationId" = $1 AND k."externalId" IS NOT NULL AND k."amountCents" >= 200 ORDER BY k."transactionId"`,
      [String(o.organization_id)],
    );
    giftsOf.set(
      o.organization_id,
      rows.map((r) => ({ ...r, amountCents: Number(r.amountCents) })),
    );
  }

  let stopTraffic = false;
  balancer.measuring = true;
  const traffic = organizations.map((o) =>
    admin(o.organization_id, sessions.get(o.organization_id)!, giftsOf.get(o.organization_id)!, () => stopTraffic),
  );
  log(`Steady traffic from ${ADMINS} admins for ${seconds(STEADY_MS)}, then the restarts…`);
  await sleep(STEADY_MS);
  const restartsFrom = Date.now();
  appA = await restart(
    "app A",
    () => appA.stop(),
    () => startApp(PORT_A),
    inRotation("A"),
  );
  appB = await restart(
    "app B",
    () => appB.stop(),
    () => startApp(PORT_B),
    inRotation("B"),
  );
  const heartbeat = async () => {
    for (;;) {
      const { rows } = await bench.query(`SELECT count(*)::int AS n FROM "WorkerHeartbeat" WHERE "workerId" = $1`, [
        `rolling-worker-${workers}`,
      ]);
      if (rows[0].n > 0) return;
      await sleep(100);
    }
  };
  worker = await restart("worker", () => worker.stop(), startWorker, heartbeat);
  const restartsTo = Date.now();
  await sleep(STEADY_MS);
  stopTraffic = true;
  await Promise.all(traffic);
  balancer.measuring = false;

  // Every accepted submission final, then what the service holds.
  const accepted = submitted.filter((s) => s.status === 201 && s.submissionId);
  log(`${accepted.length} submissions accepted; waiting until each is final…`);
  const deadline = Date.now() + 300_000;
  for (;;) {
    const { rows } = await bench.query(
      `SELECT count(*)::int AS n FROM "Submission" WHERE id = ANY($1) AND (verification IN ('verified', 'differs', 'could_not_verify') OR status = 'needs_attention')`,
      [accepted.map((s) => s.submissionId)],
    );
    if (rows[0].n >= accepted.length || Date.now() > deadline) break;
    await sleep(1_000);
  }
  const verified = (
    await bench.query(`SELECT count(*)::int AS n FROM "Submission" WHERE id = ANY($1) AND verification = 'verified'`, [
      accepted.map((s) => s.submissionId),
    ])
  ).rows[0].n as number;
  const stored = (await bench.query(`SELECT count(*)::int AS n FROM "Submission"`)).rows[0].n as number;
  let lost = 0;
  let duplicated = 0;
  for (const o of organizations) {
    const { splits } = await emulatorJson<{
      splits: { id: string | null; transaction_id: string; deleted_at: string | null }[];
    }>(`/__emulator/organizations/${o.organization_id}/splits`);
    for (const s of accepted.filter((a) => a.org === o.organization_id)) {
      const active = splits.filter((x) => x.transaction_id === s.transactionId && x.deleted_at === null);
      if (active.length < 2) lost++;
      if (active.length > 2 || new Set(active.map((x) => x.id)).size !== active.length) duplicated++;
    }
  }
  duplicated += Math.max(0, stored - submitted.filter((s) => s.status === 201).length);

  const failed = samples.filter((s) => s.status === 0 || s.status >= 500);
  const during = samples.filter((s) => s.at >= restartsFrom && s.at <= restartsTo);
  const byKind = (kind: Sample["kind"]) => samples.filter((s) => s.kind === kind);
  const table: [string, string, string][] = [
    [
      "Requests (page / API / submission)",
      `${samples.length}`,
      `${byKind("page").length} / ${byKind("api").length} / ${byKind("submit").length}`,
    ],
    [
      "Requests failed (target 0)",
      `${failed.length}`,
      failed
        .slice(0, 5)
        .map((f) => `${f.kind} ${f.status} ${f.error ?? ""}`)
        .join("; ") || "none",
    ],
    ["Submissions accepted / Verified", `${accepted.length} / ${verified}`, `${stored} stored`],
    ["Submissions lost / duplicated (target 0 / 0)", `${lost} / ${duplicated}`, "each gift's splits at the emulator"],
    [
      "Longest request during the restarts",
      millis(Math.max(...during.map((s) => s.ms))),
      `p50 ${millis(
        percentile(
          during.map((s) => s.ms),
          50,
        ),
      )}, p99 ${millis(
        percentile(
          during.map((s) => s.ms),
          99,
        ),
      )} over ${during.length}`,
    ],
    [
      "Longest request outside them",
      millis(Math.max(...samples.filter((s) => !during.includes(s)).map((s) => s.ms))),
      "",
    ],
    [
      "Time with no instance in rotation (target 0)",
      millis(balancer.noneReadyMs),
      `restarts took ${seconds(restartsTo - restartsFrom)}`,
    ],
  ];
  console.log(
    `\n| rolling restart (${ADMINS} admins, drain delay ${DRAIN_DELAY_MS} ms) | figure | detail |\n| --- | --- | --- |`,
  );
  for (const [a, b, c] of table) console.log(`| ${a} | ${b} | ${c} |`);
  if (failed.length > 0 || lost > 0 || duplicated > 0 || balancer.noneReadyMs > 0) exitCode = 1;
} catch (error) {
  console.error(error);
  console.error(logTail.slice(-40).join("\n"));
  exitCode = 1;
} finally {
  balancer.close();
  await bench.end().catch(() => undefined);
  await Promise.all(running.map((p) => p.stop()));
}
process.exit(exitCode);
