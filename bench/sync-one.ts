// One database's half of `npm run bench -- sync` (bench/sync.ts runs it for each): an emulator
// organization of BENCH_SYNC_GIFTS gifts (200,000 by default), then
//   1. paging through the query API alone (the app's client, nothing stored, no splits asked),
//      before and after
//   2. the first sync, with every page stored
//   3. a changes-only sync after 100 gifts changed at the service; the Funds day totals built
//      after the first sync and folded after this one, as the worker's funds loop does
//   4. the transactions list and search, many times each (p50 / p95)
// Prints one JSON line for bench/sync.ts. Run alone: tsx --conditions=react-server
// bench/sync-one.ts postgres|embedded
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { applyMigrations, databaseUrl, recreateDatabase } from "../tests/support/database";
import { cpuMeter } from "./cpu-time";

const kind = process.argv[2] === "embedded" ? "embedded" : "postgres";
const GIFTS = Number(process.env.BENCH_SYNC_GIFTS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_SYNC_ROUNDS ?? 40);
/** Its own database per checkout when several run on one machine. */
const BENCH_DATABASE = process.env.BENCH_SYNC_DATABASE ?? "apportion_bench_sync";

/** A helper server in a process of its own (as in real use): its URL, and how to stop it. */
async function serve(script: string): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim().split("\n").at(-1) ?? ""));
  });
  return {
    url,
    pid: child.pid,
    stop: async () => {
      const stopped = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await stopped;
    },
  };
}

let stopDatabase = async () => {};
let url: string;
let databasePid: number | undefined;
if (kind === "embedded") {
  // PGlite in a process of its own, as `npm run dev` has it (scripts/launch.ts).
  const embedded = await serve("bench/embedded-server.ts");
  url = embedded.url;
  databasePid = embedded.pid;
  stopDatabase = embedded.stop;
  process.env.DATABASE_POOL_MAX = "1";
} else {
  await recreateDatabase(BENCH_DATABASE);
  url = databaseUrl(BENCH_DATABASE);
}
await applyMigrations(url);
const emulator = await serve("bench/emulator-server.ts");
Object.assign(process.env, { DATABASE_URL: url, SERVICE_BASE_URL: emulator.url, APPORTION_SILENT_LOGS: "1" });

// Imported only now: they read the configuration set just above.
const { connectOrganization, emulatorSwitch } = await import("../tests/support/connected-org");
const { withServiceAccess } = await import("../lib/connections/service-access");
const { queryTransactions } = await import("../lib/service/transactions");
const { syncTransactions } = await import("../lib/transactions/sync");
const { listTransactions } = await import("../lib/transactions/read");
const { transactionFiltersSchema } = await import("../lib/transactions/filters");
const { db } = await import("../lib/db");
const { foldFundsTotals } = await import("../lib/funds/fold");

const connection = await connectOrganization(emulator);
await emulatorSwitch(emulator, "organizations/1001/generate", { count: GIFTS, seed: 14 });
// BENCH_SYNC_OUTSIDE=1: the $100.00 gift of the seed split at the service outside Apportion, so
// that once the copy reads it every later batch checks its splits made elsewhere (store-splits.ts).
if (process.env.BENCH_SYNC_OUTSIDE === "1") {
  const { splitOutsideApportion } = await import("../tests/support/outside-split");
  await splitOutsideApportion(emulator, connection.id, [
    { transaction_id: "51001001", unit_amount_in_cents: 6_000, fund: "Food Purchasing" },
    { transaction_id: "51001001", unit_amount_in_cents: 4_000, fund: "Youth Nutrition" },
  ]);
}

async function pageAlone(): Promise<{ ms: number; gifts: number }> {
  const start = performance.now();
  let gifts = 0;
  let queryToken: string | undefined;
  // The connection row read once and handed to each call, as the sync's reader does: by id, the
  // embedded database (no connection cache) would be read on every page.
  const row = await db().connection.findUniqueOrThrow({ where: { id: connection.id } });
  for (;;) {
    const answer = await withServiceAccess(row, (token, target) =>
      queryTransactions(target, token, queryToken ? { queryToken } : { query: {} }),
    );
    gifts += answer.results.length;
    if (!answer.has_more || !answer.query_token) break;
    queryToken = answer.query_token;
  }
  return { ms: performance.now() - start, gifts };
}

// CPU seconds per process and phase: where the first sync's cost over paging alone goes.
const cpu = cpuMeter(
  { app: process.pid, emulator: emulator.pid, database: databasePid },
  kind === "postgres" ? BENCH_DATABASE : undefined,
);
const pagingBefore = await cpu.phase("paging before", pageAlone);
let start = performance.now();
const first = await cpu.phase("first sync", () => syncTransactions(connection.id));
const firstMs = performance.now() - start;
const pagingAfter = await cpu.phase("paging after", pageAlone);
cpu.stop();
const stored = await db().knownTransaction.count({ where: { connectionId: connection.id } });
// The worker's funds loop builds the day totals the list's campaign and fund totals read.
start = performance.now();
await foldFundsTotals(connection.id);
const buildMs = performance.now() - start;

await emulatorSwitch(emulator, "organizations/1001/change", { count: 100, seed: 3 });
start = performance.now();
const changes = await syncTransactions(connection.id);
const changesMs = performance.now() - start;
start = performance.now();
const folded = await foldFundsTotals(connection.id);
const foldMs = performance.now() - start;

// Search terms taken from the copy itself: a donor's surname, ids, an amount, a campaign, a fund.
const sample = await db().knownTransaction.findFirstOrThrow({
  where: { connectionId: connection.id, externalId: { not: null } },
  orderBy: { occurredAt: "asc" },
});
const cases: Record<string, Record<string, string>> = {
  "list, page 1": {},
  "list, page 200": { page: "200" },
  "search donor surname": { search: (sample.contactName ?? "").split(" ")[1] ?? "okafor" },
  "search donor full name": { search: sample.contactName ?? "" },
  "search transaction id": { search: sample.transactionId },
  "search external id": { search: sample.externalId ?? "" },
  'search amount "100.01"': { search: "100.01" },
  "filter campaign": { campaignId: sample.campaignId ?? "" },
  "filter fund + date range": { fund: sample.fund ?? "", after: "2024-01-01", before: "2024-12-31" },
  "search + campaign + dates": { search: "smith", campaignId: sample.campaignId ?? "", after: "2023-01-01" },
  // The gifts list: each order at its first, middle and last page (8,001 pages of 25 at 200,013 gifts).
  ...sortCases(stored),
  "campaign, largest amount first": { campaignId: sample.campaignId ?? "", sort: "amount" },
  "donor surname, donor Z to A": {
    search: (sample.contactName ?? "").split(" ")[1] ?? "okafor",
    sort: "donor",
    order: "desc",
  },
};
const reads: Record<string, { p50: number; p95: number; total: number }> = {};
const all: number[] = [];
for (const [name, input] of Object.entries(cases)) {
  const filters = transactionFiltersSchema.parse(input);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    total = (await listTransactions(connection.id, filters)).total;
    times.push(performance.now() - t);
  }
  all.push(...times);
  reads[name] = { ...percentiles(times), total };
}

console.log(
  JSON.stringify({
    kind,
    gifts: GIFTS + 13,
    stored,
    pagingBeforeMs: pagingBefore.ms,
    pagingAfterMs: pagingAfter.ms,
    firstSyncMs: firstMs,
    firstSync: first,
    cpuSeconds: cpu.phases,
    changesMs,
    changes,
    dayTotals: { buildMs, foldMs, foldedDays: folded?.days ?? null },
    reads,
    readsAll: percentiles(all),
  }),
);
await emulator.stop();
await db().$disconnect();
await stopDatabase();

function sortCases(gifts: number): Record<string, Record<string, string>> {
  const last = Math.ceil(gifts / 25);
  const middle = Math.ceil(last / 2);
  const cases: Record<string, Record<string, string>> = {};
  for (const [label, sort, order] of [
    ["newest first", "date", "desc"],
    ["oldest first", "date", "asc"],
    ["largest amount first", "amount", "desc"],
    ["smallest amount first", "amount", "asc"],
    ["donor A to Z", "donor", "asc"],
    ["donor Z to A", "donor", "desc"],
  ] as const) {
    for (const page of [1, middle, last]) cases[`${label}, page ${page}`] = { sort, order, page: String(page) };
  }
  return cases;
}

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}
