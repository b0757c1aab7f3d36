// One case of `npm run bench -- sync-latency`, in a process of its own: an organization
// of BENCH_LATENCY_GIFTS gifts (200,000 by default) behind an emulator answering after a latency of
// median 150 ms and p99 600 ms, copied by a first sync from nothing.
//   a: no rate limit (target: ≤ 120 s; one reader needs ≥ 600 s by construction)
//   b: a limit of BENCH_LATENCY_RATE requests a second for the organization (default 10; target ≤
//      1.15 × pages ÷ rate), the adaptive limit sampled every second
// Prints one JSON line. Run alone: tsx --conditions=react-server bench/sync-latency-one.ts a|b
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { applyMigrations, databaseUrl, recreateDatabase } from "../tests/support/database";

const which = process.argv[2] === "b" ? "b" : "a";
const GIFTS = Number(process.env.BENCH_LATENCY_GIFTS ?? 200_000);
const RATE = Number(process.env.BENCH_LATENCY_RATE ?? 10);
const DATABASE = process.env.BENCH_DATABASE ?? "apportion_bench_latency";

/** The emulator in a process of its own, as the service is remote: its URL, and how to stop it. */
async function serveEmulator() {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/emulator-server.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim().split("\n").at(-1) ?? ""));
  });
  const stop = async () => {
    const stopped = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await stopped;
  };
  return { url, stop };
}

await recreateDatabase(DATABASE);
await applyMigrations(databaseUrl(DATABASE));
const emulator = await serveEmulator();
Object.assign(process.env, {
  DATABASE_URL: databaseUrl(DATABASE),
  SERVICE_BASE_URL: emulator.url,
  APPORTION_SILENT_LOGS: "1",
});

// Imported only now: they read the configuration set just above.
const { connectOrganization, emulatorSwitch } = await import("../tests/support/connected-org");
const { syncTransactions } = await import("../lib/transactions/sync");
const { currentLimit } = await import("../lib/connections/service-limits");
const { db } = await import("../lib/db");

try {
  const connection = await connectOrganization(emulator);
  await emulatorSwitch(emulator, "organizations/1001/generate", { count: GIFTS - 13, seed: 22 });
  await emulatorSwitch(emulator, "realism", {
    latency: { median_ms: 150, p99_ms: 600 },
    ...(which === "b" ? { rate_per_organization: { per_second: RATE, burst: RATE } } : {}),
  });
  const samples: { s: number; concurrency: number; rate: number | null; inFlight: number; throttled: number }[] = [];
  const started = performance.now();
  const sampler = setInterval(() => {
    const limit = currentLimit(connection.id);
    if (limit)
      samples.push({
        s: Math.round((performance.now() - started) / 1000),
        concurrency: limit.concurrency,
        rate: limit.rate,
        inFlight: limit.inFlight,
        throttled: limit.throttled,
      });
  }, 1_000);
  let failure: string | null = null;
  const outcome = await syncTransactions(connection.id).catch((error: unknown) => {
    failure = error instanceof Error ? error.message : String(error);
    return null;
  });
  const elapsedMs = performance.now() - started;
  clearInterval(sampler);
  const stats = (await (await fetch(`${emulator.url}/__emulator/realism`)).json()) as { stats: Record<string, number> };
  const stored = await db().knownTransaction.count({ where: { connectionId: connection.id } });
  const windows = await db().transactionSyncWindow.count({ where: { connectionId: connection.id } });
  const pages = Math.ceil(GIFTS / 50) + 1;
  console.log(
    JSON.stringify({
      case: which,
      gifts: GIFTS,
      stored,
      state: outcome?.state ?? "failed",
      failure,
      calls: outcome?.calls ?? null,
      elapsedMs: Math.round(elapsedMs),
      floorMs: which === "b" ? Math.round((pages / RATE) * 1000) : null,
      refused: stats.stats,
      windowsLeft: windows,
      limit: currentLimit(connection.id),
      samples,
    }),
  );
} finally {
  await emulator.stop();
  process.exit(0);
}
