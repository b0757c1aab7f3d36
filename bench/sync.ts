// `npm run bench -- sync`: the transactions sync and reads over a large organization,
// on the real PostgreSQL and on the embedded PGlite side by side in one run. Each database runs
// in its own process (bench/sync-one.ts): the app's database client is per process.
// Targets: first sync within 1.3× paging alone; 100 changed gifts synced in under 2 s; list and
// search p95 under 100 ms. BENCH_SYNC_GIFTS (default 200000), BENCH_SYNC_ROUNDS (default 40).
import { spawn } from "node:child_process";

type Result = {
  kind: string;
  gifts: number;
  stored: number;
  pagingBeforeMs: number;
  pagingAfterMs: number;
  firstSyncMs: number;
  cpuSeconds: Record<string, Record<string, number>>;
  changesMs: number;
  changes: { copied: number; calls: number };
  reads: Record<string, { p50: number; p95: number; total: number }>;
  readsAll: { p50: number; p95: number };
};

const results: Result[] = [];
for (const kind of ["postgres", "embedded"]) {
  console.log(`Running on ${kind}…`);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn("npx", ["tsx", "--conditions=react-server", "bench/sync-one.ts", kind], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`sync bench on ${kind} exited ${code}`))));
  });
  const line = output.trim().split("\n").at(-1) ?? "";
  results.push(JSON.parse(line) as Result);
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const m = (ms: number) => `${ms.toFixed(1)} ms`;
const row = (label: string, pick: (r: Result) => string) => `| ${label} | ${results.map(pick).join(" | ")} |`;
const lines = [
  `| | ${results.map((r) => r.kind).join(" | ")} |`,
  `| --- | ${results.map(() => "---").join(" | ")} |`,
  row("gifts at the service / copied", (r) => `${r.gifts} / ${r.stored}`),
  row("paging alone (before / after)", (r) => `${s(r.pagingBeforeMs)} / ${s(r.pagingAfterMs)}`),
  row("first sync", (r) => s(r.firstSyncMs)),
  row(
    "first sync ÷ paging alone (mean)",
    (r) => `${(r.firstSyncMs / ((r.pagingBeforeMs + r.pagingAfterMs) / 2)).toFixed(2)}×`,
  ),
  ...["paging before", "first sync", "paging after"].map((phase) =>
    row(`CPU s, ${phase} (app / emulator / database)`, (r) => {
      const used = r.cpuSeconds[phase] ?? {};
      return ["app", "emulator", "database"].map((group) => (used[group] ?? 0).toFixed(1)).join(" / ");
    }),
  ),
  row(
    "100 changed: sync time (gifts read, calls)",
    (r) => `${m(r.changesMs)} (${r.changes.copied}, ${r.changes.calls})`,
  ),
  ...Object.keys(results[0]?.reads ?? {}).map((name) =>
    row(`${name}: p50 / p95 (matches)`, (r) => {
      const read = r.reads[name];
      return read ? `${m(read.p50)} / ${m(read.p95)} (${read.total})` : "";
    }),
  ),
  row("all reads: p50 / p95", (r) => `${m(r.readsAll.p50)} / ${m(r.readsAll.p95)}`),
];
console.log(lines.join("\n"));
