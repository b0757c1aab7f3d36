// Playwright's web server for the app: a fresh e2e database on the real PostgreSQL, a
// production build, then `npm start`'s launcher, asked to apply migrations (MIGRATE_ON_START=1).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { E2E_DATABASE } from "./config";
import { recreateDatabase } from "../support/database";

await recreateDatabase(E2E_DATABASE);
if (process.env.E2E_SKIP_BUILD !== "1" || !existsSync(".next/BUILD_ID")) {
  await run("npx", ["next", "build"]);
}
// As `npm start` runs it: node with tsx's loader in one process, so a stop signal reaches the
// launcher itself (the tsx command kills a child that does not acknowledge a signal in 30 ms).
const app = spawn(process.execPath, ["--import", "tsx", "scripts/launch.ts", "start"], {
  stdio: "inherit",
  env: { ...process.env, MIGRATE_ON_START: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => app.kill(signal));
app.on("exit", (code) => process.exit(code ?? 0));

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed`))));
  });
}
