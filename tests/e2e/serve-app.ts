// Playwright's web server for the app: a fresh e2e database on the real PostgreSQL, a
// production build, then `npm start`'s launcher, asked to apply migrations (MIGRATE_ON_START=1).
import { spawn } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { APP_LOG, E2E_DATABASE } from "./config";
import { recreateDatabase } from "../support/database";

await recreateDatabase(E2E_DATABASE);
if (process.env.E2E_SKIP_BUILD !== "1" || !existsSync(".next/BUILD_ID")) {
  await run("npx", ["next", "build"]);
}
// As `npm start` runs it: node with tsx's loader in one process, so a stop signal reaches the
// launcher itself (the tsx command kills a child that does not acknowledge a signal in 30 ms).
// Its output goes on to Playwright and into APP_LOG, which tests/e2e/app-log.ts checks.
const app = spawn(process.execPath, ["--import", "tsx", "scripts/launch.ts", "start"], {
  stdio: ["inherit", "pipe", "pipe"],
  env: { ...process.env, MIGRATE_ON_START: "1" },
});
const kept = createWriteStream(APP_LOG, { flags: "w" });
app.stdout.on("data", (chunk: Buffer) => void (process.stdout.write(chunk), kept.write(chunk)));
app.stderr.on("data", (chunk: Buffer) => void (process.stderr.write(chunk), kept.write(chunk)));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => app.kill(signal));
app.on("exit", (code) => process.exit(code ?? 0));

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed`))));
  });
}
