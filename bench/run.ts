// `npm run bench [-- name ...]`: runs the benchmarks by hand and prints their figures. They are
// never timed assertions in tests. Results are kept in bench/RESULTS.md with the machine they ran
// on. Each benchmark runs in its own process: they configure the app (database, service address)
// for themselves, and module state must not carry over from one to the next.
import { spawn } from "node:child_process";

const BENCHES: Record<string, string[]> = {
  parse: ["tsx", "--conditions=react-server", "bench/parse-rows.ts"],
  rows: ["tsx", "--conditions=react-server", "bench/end-to-end-rows.ts"],
  load: ["tsx", "--conditions=react-server", "bench/load-submissions.ts"],
  bulk: ["tsx", "--conditions=react-server", "bench/bulk-csv.ts"],
  // The sync over a 200,000-gift organization, on PostgreSQL and PGlite side by side. Targets: the
  // first sync within 1.3× paging alone, 100 changes in < 2 s, list and search p95 < 100 ms.
  sync: ["tsx", "bench/sync.ts"],
  // Migrations the policy allows on 1,000,000-row tables, while writes run. Target: no write held
  // up more than 1 s.
  "migration-locks": ["tsx", "bench/migration-locks.ts"],
  // A first copy against a slow service (150 ms median), without and with a rate limit. Target:
  // 200,000 gifts copied in 120 s.
  "sync-latency": ["tsx", "bench/sync-latency.ts"],
  // 1,000 organizations, two app processes and a worker on one database, unattended. Target:
  // every first copy completes, and a change is in the copy within 2 sync intervals.
  fleet: ["tsx", "bench/fleet.ts"],
  // A template meeting 10,000 new gifts at once. Target: ≤ 2 s with proposals stored.
  templates: ["tsx", "--conditions=react-server", "bench/templates.ts"],
  // "Where the money is" at 200,000 gifts (p50 / p95 of the page's read). Target: p95 < 100 ms
  // over two years.
  funds: ["tsx", "--conditions=react-server", "bench/funds.ts"],
  // Two apps and a worker behind a readiness-following balancer, restarted one by one. Target: no
  // request failed, no submission lost or duplicated.
  "rolling-restart": ["tsx", "bench/rolling-restart.ts"],
  // In Chromium against the production build, through Playwright.
  browser: [
    "playwright",
    "test",
    "-c",
    "bench/browser/playwright.config.ts",
    "editor-and-bundles",
    "editor-frames",
    "send-to-history",
    "call-overhead",
  ],
  // The pages an admin waits on at 200,000 gifts, in Chromium (bench/browser/pages.bench.ts).
  // Target: p95 < 1 s.
  // The filter is matched against the whole path: "pages" alone would match a checkout named so.
  pages: ["playwright", "test", "-c", "bench/browser/playwright.config.ts", "browser/pages[.]bench"],
};

const chosen = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const names = chosen.length > 0 ? chosen : Object.keys(BENCHES);
for (const name of names) {
  const command = BENCHES[name];
  if (!command) {
    console.error(`Unknown benchmark "${name}". Known: ${Object.keys(BENCHES).join(", ")}`);
    process.exit(2);
  }
  const code = await new Promise<number>((resolve) => {
    const child = spawn("npx", command, { stdio: "inherit" });
    child.on("exit", (exit) => resolve(exit ?? 1));
  });
  if (code !== 0) {
    console.error(`Benchmark "${name}" failed (exit ${code}).`);
    process.exit(code);
  }
}
