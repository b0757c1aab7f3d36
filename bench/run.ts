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
  // Issue 14: a 200,000-gift organization, on PostgreSQL and PGlite side by side.
  sync: ["tsx", "bench/sync.ts"],
  // Issue 26: migrations the policy allows on 1,000,000-row tables, while writes run.
  "migration-locks": ["tsx", "bench/migration-locks.ts"],
  // Issue 22: a first copy against a slow service (150 ms median), without and with a rate limit.
  "sync-latency": ["tsx", "bench/sync-latency.ts"],
  // Issue 22: 1,000 organizations, two app processes and a worker on one database, unattended.
  fleet: ["tsx", "bench/fleet.ts"],
  // Issue 23: a template meeting 10,000 new gifts at once.
  templates: ["tsx", "--conditions=react-server", "bench/templates.ts"],
  // Issue 23: "Where the money is" at 200,000 gifts (p50 / p95 of the page's read).
  funds: ["tsx", "--conditions=react-server", "bench/funds.ts"],
  // Issue 30: two apps and a worker behind a readiness-following balancer, restarted one by one.
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
  // Issue 33: the pages an admin waits on at 200,000 gifts, in Chromium (bench/browser/pages.bench.ts).
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
