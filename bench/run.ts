// `npm run bench [-- name]`: runs the benchmarks by hand and prints their figures. They are never
// timed assertions in tests. Results are kept in bench/RESULTS.md with the machine they ran on.
import { spawn } from "node:child_process";

/** Benchmarks that run in Chromium against the production build, through Playwright. */
const BROWSER_BENCHES = new Set(["browser"]);

const BENCHES: Record<string, string> = {
  parse: "./parse-rows.ts",
  rows: "./end-to-end-rows.ts",
  load: "./load-submissions.ts",
};

const chosen = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const names = chosen.length > 0 ? chosen : [...Object.keys(BENCHES), ...BROWSER_BENCHES];
for (const name of names) {
  if (BROWSER_BENCHES.has(name)) {
    await new Promise<void>((resolve, reject) => {
      const child = spawn("npx", ["playwright", "test", "-c", "bench/browser/playwright.config.ts"], {
        stdio: "inherit",
      });
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`browser benchmark exited with ${code}`))));
    });
    continue;
  }
  const file = BENCHES[name];
  if (!file) {
    console.error(`Unknown benchmark "${name}". Known: ${[...Object.keys(BENCHES), ...BROWSER_BENCHES].join(", ")}`);
    process.exit(2);
  }
  await import(file);
}
export {};
