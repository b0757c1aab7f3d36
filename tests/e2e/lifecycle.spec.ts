// The production app process as an operator runs it (`npm start`'s launcher over the build, the
// custom server scripts/serve.ts), a second one beside the suite's app on the same database:
//  - its database connections cut under it (pg_terminate_backend): it logs JSON, no uncaught
//    exception, and serves again;
//  - SIGTERM with requests in flight (gifts-list reads held by a lock on the gifts table, a real
//    slow path): readiness answers 503 at once while it still serves, new connections are refused
//    after DRAIN_DELAY_MS, every request in flight completes with 200 (none reset), exit 0.
import { type ChildProcess, spawn } from "node:child_process";
import pg from "pg";
import { expect, test } from "./fixtures";
import { appEnv } from "./config";
import { connect } from "./helpers";

const APP_NAME = "e2e-lifecycle";
const DRAIN_DELAY_MS = 1_500;
const IN_FLIGHT = 4;

type App = { child: ChildProcess; lines: string[]; port: Promise<number>; exit: Promise<number | null> };

function startApp(): App {
  const url = new URL(appEnv.DATABASE_URL);
  url.searchParams.set("application_name", APP_NAME);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...appEnv,
    NODE_ENV: "production",
    PORT: "0",
    DATABASE_URL: url.toString(),
    APPORTION_WORKER: "0",
    DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
    SHUTDOWN_DEADLINE_MS: "20000",
  };
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/launch.ts", "start"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let found: (port: number) => void = () => {};
  const port = new Promise<number>((resolve) => (found = resolve));
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream!.on("data", (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split("\n");
      rest = parts.pop() ?? "";
      for (const line of parts) {
        lines.push(line);
        const event = json(line);
        if (event?.event === "server.listening") found(Number(event.port));
      }
    });
  }
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, lines, port, exit };
}

/** A failed test must not leave the app serving: SIGTERM lets the launcher stop its children (each
 *  in a process group of its own, which a SIGKILL of the launcher would orphan); SIGKILL only
 *  when it does not stop in time. */
async function stopApp(app: App): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill("SIGTERM");
  const stopped = await Promise.race([app.exit.then(() => true), new Promise((r) => setTimeout(r, 30_000, false))]);
  if (!stopped) app.child.kill("SIGKILL");
}

function json(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith("{")) return undefined;
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

async function sessionsWaitingOnLock(admin: pg.Client): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
    [APP_NAME],
  );
  return rows[0]!.n;
}

test("the production process survives cut connections, then drains on SIGTERM with 0 requests reset", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await connect(page);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const app = startApp();
  const admin = new pg.Client({ connectionString: appEnv.DATABASE_URL });
  await admin.connect();
  try {
    const base = `http://127.0.0.1:${await app.port}`;
    const ready = () => fetch(`${base}/api/health/ready`).then((r) => r.status);
    const gifts = () => fetch(`${base}/api/transactions`, { headers: { cookie } });
    await expect.poll(ready, { timeout: 30_000 }).toBe(200);
    expect((await gifts()).status).toBe(200);

    // Every connection it holds, the pool's and the change listener's, cut by the server.
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [APP_NAME]);
    await expect
      .poll(() => app.lines.filter((l) => json(l)?.event === "database.connection_lost").length)
      .toBeGreaterThan(0);
    await expect.poll(async () => (await gifts()).status).toBe(200);
    expect(app.lines.filter((l) => /uncaught|Connection terminated/i.test(l) && !json(l))).toEqual([]);
    expect(app.child.exitCode).toBeNull();

    // Requests in flight: the gifts table locked, so each read waits in the database.
    await admin.query("BEGIN");
    await admin.query(`LOCK TABLE "KnownTransaction" IN ACCESS EXCLUSIVE MODE`);
    let settled = 0;
    const inFlight = Array.from({ length: IN_FLIGHT }, () =>
      gifts()
        .then(
          async (r) => ({ status: r.status, body: await r.text() }),
          (error: unknown) => ({ status: 0, body: String((error as { cause?: unknown }).cause ?? error) }),
        )
        .finally(() => settled++),
    );
    // The reads reach the database and wait there (each request's own statements, or the pool).
    await expect.poll(() => sessionsWaitingOnLock(admin), { timeout: 15_000 }).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(settled).toBe(0);

    const signalled = Date.now();
    app.child.kill("SIGTERM");
    // Readiness fails at once, while the server still answers.
    await expect.poll(ready, { timeout: 1_000, intervals: [50] }).toBe(503);
    expect(Date.now() - signalled).toBeLessThan(DRAIN_DELAY_MS);
    // After the drain delay, no new connection is accepted.
    await expect
      .poll(
        () =>
          fetch(`${base}/api/health`).then(
            () => "accepted",
            (e: { cause?: { code?: string } }) => e.cause?.code,
          ),
        {
          timeout: DRAIN_DELAY_MS + 5_000,
          intervals: [100],
        },
      )
      .toBe("ECONNREFUSED");
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_DELAY_MS);

    await admin.query("COMMIT");
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: IN_FLIGHT }, () => 200));
    expect(await app.exit).toBe(0);
    const events = app.lines.map(json).filter((e) => e !== undefined);
    expect(events.find((e) => e.event === "http.drained")).toMatchObject({ inTime: true, unfinished: 0 });
  } finally {
    await admin.end().catch(() => undefined);
    await stopApp(app);
  }
});
