// Prometheus's own checker (Debian's `prometheus` package has it; .ci/run installs it). Outside
// CI a machine without it skips the checks that need it, saying so; in CI it must be there.
import { spawnSync } from "node:child_process";

export const hasPromtool = spawnSync("promtool", ["--version"]).status === 0;

if (!hasPromtool && process.env.CI) {
  throw new Error("promtool is missing: install Debian's prometheus package (.ci/run does it in CI).");
}
if (!hasPromtool) {
  console.warn("promtool is not installed (apt-get install prometheus): the promtool checks are skipped.");
}

/** `promtool check <what> [file]`, `input` on stdin; its exit status and everything it said. */
export function promtool(args: string[], input?: string): { status: number | null; output: string } {
  const run = spawnSync("promtool", args, { input, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** prom-client names three of its default gauges `…_total`, which promtool's lint flags. */
const PROM_CLIENT_DEFAULTS =
  /^apportion_nodejs_active_(handles|requests|resources)_total non-counter metrics should not have "_total" suffix$/;

/**
 * `promtool check metrics` on a scrape: what it finds wrong, but the three names prom-client
 * chose for its defaults. Exit 1 is a scrape it could not parse; 3 is lint findings only.
 */
export function metricsProblems(scrape: string): string[] {
  const { status, output } = promtool(["check", "metrics"], scrape);
  const findings = output.split("\n").filter((line) => line.trim() !== "" && !PROM_CLIENT_DEFAULTS.test(line));
  if (status !== 0 && status !== 3) return [`promtool exited ${status}`, ...findings];
  return findings;
}
