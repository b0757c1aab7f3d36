// `npm run dev` and `npm start`: starts what Apportion needs and stops all of it on Ctrl-C.
//  - no DATABASE_URL: an embedded PostgreSQL (PGlite) in .data/;
//  - migrations: always in dev and on the embedded database; `npm start` on a PostgreSQL server
//    only with MIGRATE_ON_START=1 (scripts/migrate-on-start.ts);
//  - dev, unless SERVICE_BASE_URL points elsewhere: the Playground emulator;
//  - Next.js: `next dev`, or for `npm start` the production build in scripts/serve.ts (a custom
//    server that drains on SIGTERM). In dev its output goes through pino-pretty, so the app's JSON
//    log lines read as text; `npm start` (and the worker) keep JSON lines.
// This process hosts the embedded database, so it never blocks on a child (no spawnSync).
import nextEnv from "@next/env";
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { ConfigError, drainDelayMs, parseEnv, redirectUri } from "../lib/env";
import { devEmulatorRedirectUris } from "../probe/callback-address";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "./embedded-database";
import { migratesOnStart } from "./migrate-on-start";

const mode = process.argv[2] === "start" ? "start" : "dev";
nextEnv.loadEnvConfig(process.cwd(), mode === "dev");

const children: ChildProcess[] = [];
let database: EmbeddedDatabase | undefined;
let stopping = false;
/** How long a child may take to stop before it is killed: its own deadline (SHUTDOWN_DEADLINE_MS)
 *  and room to close. Set once the configuration is read. */
let childStopMs = 30_000;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map(stopChild));
  await database?.stop();
  process.exit(code);
}

// Registered before anything starts: a kill during migration must still close PGlite cleanly.
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  process.env.NEXTAUTH_URL ??= `http://localhost:${port}`;
  const useEmulator = mode === "dev" && !process.env.SERVICE_BASE_URL && process.env.EMULATOR !== "0";

  let env;
  try {
    env = parseEnv(mode === "start" ? { ...process.env, NODE_ENV: "production" } : process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const migrating = migratesOnStart(mode, process.env);
  if (!process.env.DATABASE_URL) {
    const dataDir = path.resolve(process.env.EMBEDDED_DATABASE_DIR ?? ".data/pglite");
    database = await startEmbeddedDatabase(dataDir, Number(process.env.EMBEDDED_DATABASE_PORT ?? 0));
    process.env.DATABASE_URL = database.url;
    process.env.DATABASE_POOL_MAX = "1";
    // The same one session for the in-process worker: a second pool would share it too.
    process.env.WORKER_DATABASE_POOL_MAX = "0";
    // Its clients share one session, so a NOTIFY comes back to its sender and a LISTEN hears
    // nothing: the connection cache would never be proven fresh (it would bypass itself anyway).
    process.env.CONNECTION_CACHE = "0";
    log(`Embedded PostgreSQL (PGlite) with its data in ${path.relative(process.cwd(), dataDir)}/`);
  }
  if (migrating) await migrate();
  else log("Migrations are not applied at start (MIGRATE_ON_START=1 to apply them); see README, Upgrading.");

  if (useEmulator) {
    const emulatorPort = process.env.EMULATOR_PORT ?? "4010";
    launch("emulator", "npx", ["tsx", "emulator/main.ts"], {
      EMULATOR_PORT: emulatorPort,
      EMULATOR_CLIENT_ID: env.SERVICE_CLIENT_ID,
      EMULATOR_CLIENT_SECRET: env.SERVICE_CLIENT_SECRET,
      // The probe's callback too, so the README's `npm run service:probe` command works against it.
      EMULATOR_REDIRECT_URIS: devEmulatorRedirectUris(redirectUri(env), process.env.PROBE_PORT).join(","),
    });
  }
  childStopMs = drainDelayMs(env) + env.SHUTDOWN_DEADLINE_MS + 10_000;
  if (mode === "start") {
    // The custom server (scripts/serve.ts): it drains on SIGTERM, then instrumentation.ts's
    // handlers stop the worker and close the pools, exit 0.
    launch("next", process.execPath, ["--import", "tsx", "scripts/serve.ts"], { PORT: String(port) });
  } else {
    // `next dev`'s server stops itself on SIGTERM/SIGINT (instrumentation.ts) instead of Next.js
    // exiting at once; its parent process waits that long for it instead of 100 ms.
    const signals = { NEXT_MANUAL_SIG_HANDLE: "1", NEXT_EXIT_TIMEOUT_MS: String(childStopMs) };
    launch("next", "npx", ["next", mode, "--port", String(port)], signals, await prettyLogs());
  }

  log(`Apportion: ${env.NEXTAUTH_URL}`);
  if (useEmulator) {
    log(`Playground emulator: ${env.SERVICE_BASE_URL} (sign in as admin@riverside.example, password "playground")`);
  }
}

async function migrate() {
  // `migrate status` answers in ~2 s; `migrate deploy` takes ~12 s, so it runs only when needed.
  const upToDate = (await run("npx", ["prisma", "migrate", "status"], true)) === 0;
  if (upToDate) return;
  log("Applying database migrations…");
  if ((await run("npx", ["prisma", "migrate", "deploy"], false)) !== 0) {
    console.error("Database migrations failed; see the output above.");
    await shutdown(1);
  }
}

function run(command: string, args: string[], quiet: boolean): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? "ignore" : "inherit", env: process.env });
    child.on("exit", (code) => resolve(code ?? 1));
    child.on("error", () => resolve(1));
  });
}

type Prettify = (line: string) => string;

/**
 * In dev, a prettifier for the app's log lines (lib/log.ts writes JSON); lines that are not JSON,
 * such as Next.js's own, pass through unchanged. Synchronous, line by line, in this process: a
 * pino transport would run pino-pretty in a worker thread inside the app, which Next.js's bundling
 * breaks. LOG_FORMAT=json keeps the JSON. pino-pretty is a dev dependency, hence loaded only here.
 */
async function prettyLogs(): Promise<Prettify | undefined> {
  if (mode !== "dev" || process.env.LOG_FORMAT === "json") return undefined;
  const { prettyFactory } = await import("pino-pretty");
  return prettyFactory({
    colorize: Boolean(process.stdout.isTTY),
    messageKey: "event",
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
  });
}

function launch(name: string, command: string, args: string[], extraEnv: Record<string, string>, prettify?: Prettify) {
  // Piped output is not a terminal: keep Next.js's colours when this process writes to one.
  const colour = prettify && process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {};
  // Its own process group, so stopping it stops its children too (next dev forks workers).
  const child = spawn(command, args, {
    stdio: ["inherit", prettify ? "pipe" : "inherit", "inherit"],
    env: { ...process.env, ...colour, ...extraEnv },
    detached: true,
  });
  if (prettify && child.stdout) {
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on("line", (line) => {
      process.stdout.write(prettify(line));
    });
  }
  children.push(child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.`);
    void shutdown(code ?? 1);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolve();
    const timer = setTimeout(() => signalGroup(child.pid!, "SIGKILL"), childStopMs);
    child.on("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    signalGroup(child.pid, "SIGTERM");
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

function log(message: string) {
  console.log(`\u001b[1m▸ ${message}\u001b[0m`);
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
});
