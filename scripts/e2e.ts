// `npm run test:e2e`: the production-build journeys, split into shards that run side by side, each
// with its own app, emulator and database (tests/e2e/config.ts reads E2E_APP_PORT,
// E2E_EMULATOR_PORT and E2E_DATABASE). The journeys spend most of their time waiting on a browser,
// a server or a timer, so two shards on two cores take about half the time of one run
// (docs/testing.md, "End-to-end"). The app is built once, before the shards start.
// Arguments (a spec, a --grep) run one plain `playwright test` instead, as a developer would.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";

const SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const FIRST_APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
const FIRST_EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 4110);
const DATABASE = process.env.E2E_DATABASE ?? "apportion_e2e";

const running: ChildProcess[] = [];
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
  });
}

function run(args: string[], env: Record<string, string> = {}, prefix = ""): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npx", args, {
      env: { ...process.env, ...env },
      stdio: prefix ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    running.push(child);
    if (prefix) {
      // Whole lines, each marked with its shard: two reports interleave line by line.
      for (const [stream, out] of [
        [child.stdout!, process.stdout],
        [child.stderr!, process.stderr],
      ] as const) {
        createInterface({ input: stream }).on("line", (line) => out.write(`${prefix}${line}\n`));
      }
    }
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const extra = process.argv.slice(2);
if (extra.length > 0 || SHARDS === 1) {
  process.exit(await run(["playwright", "test", ...extra]));
}

if (process.env.E2E_SKIP_BUILD !== "1" || !existsSync(".next/BUILD_ID")) {
  const built = await run(["next", "build"]);
  if (built !== 0) process.exit(built);
}

const started = Date.now();
const codes = await Promise.all(
  Array.from({ length: SHARDS }, (_, i) =>
    run(
      ["playwright", "test", `--shard=${i + 1}/${SHARDS}`, "--output", `test-results/shard-${i + 1}`],
      {
        E2E_SKIP_BUILD: "1",
        E2E_APP_PORT: String(FIRST_APP_PORT + i * 10),
        E2E_EMULATOR_PORT: String(FIRST_EMULATOR_PORT + i * 10),
        E2E_DATABASE: i === 0 ? DATABASE : `${DATABASE}_${i + 1}`,
      },
      `[e2e ${i + 1}/${SHARDS}] `,
    ),
  ),
);
const failed = codes.map((code, i) => (code === 0 ? null : i + 1)).filter((n) => n !== null);
console.log(
  `e2e: ${SHARDS} shards in ${((Date.now() - started) / 1000).toFixed(0)} s` +
    (failed.length > 0 ? `; shard ${failed.join(", ")} failed` : ", all passed"),
);
process.exit(failed.length > 0 ? 1 : 0);
