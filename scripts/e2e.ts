// `npm run test:e2e`: the production-build journeys, split into shards that run side by side, each
// with its own app, emulator and database (tests/e2e/config.ts reads E2E_APP_PORT,
// E2E_EMULATOR_PORT and E2E_DATABASE). The journeys spend most of their time waiting on a browser,
// a server or a timer, so two shards on two cores take little more than half the time of one run.
// Each shard runs whole spec files, chosen so that the shards take about as long (e2e-shards.ts).
// The app is built once, before the shards start (E2E_SKIP_BUILD=1 reuses a build).
// Arguments (a spec, a --grep) run one plain `playwright test` instead, as a developer would.
import { existsSync, readdirSync } from "node:fs";
import { shardFiles } from "./e2e-shards";
import { runCommand, runSideBySide, secondsSince } from "./side-by-side";

const SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const FIRST_APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
const FIRST_EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 4110);
const DATABASE = process.env.E2E_DATABASE ?? "apportion_e2e";

const extra = process.argv.slice(2);
if (extra.length > 0 || SHARDS === 1) {
  process.exit(await runCommand({ command: "npx", args: ["playwright", "test", ...extra] }));
}

if (process.env.E2E_SKIP_BUILD !== "1" || !existsSync(".next/BUILD_ID")) {
  const built = await runCommand({ command: "npx", args: ["next", "build"] });
  if (built !== 0) process.exit(built);
}

const started = Date.now();
// Whole files per shard, balanced by their times (e2e-shards.ts).
const shards = shardFiles(
  readdirSync("tests/e2e").filter((f) => f.endsWith(".spec.ts")),
  SHARDS,
);
const failed = await runSideBySide(
  shards.map((files, i) => ({
    name: `e2e ${i + 1}/${SHARDS}`,
    command: "npx",
    args: ["playwright", "test", "--output", `test-results/shard-${i + 1}`, ...files.map((f) => `tests/e2e/${f}`)],
    env: {
      E2E_SKIP_BUILD: "1",
      E2E_APP_PORT: String(FIRST_APP_PORT + i * 10),
      E2E_EMULATOR_PORT: String(FIRST_EMULATOR_PORT + i * 10),
      E2E_DATABASE: i === 0 ? DATABASE : `${DATABASE}_${i + 1}`,
    },
  })),
);
console.log(
  `e2e: ${SHARDS} shards in ${secondsSince(started)}` +
    (failed.length > 0 ? `; failed: ${failed.join(", ")}` : ", all passed"),
);
process.exit(failed.length > 0 ? 1 : 0);
