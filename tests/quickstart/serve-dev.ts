// `npm run dev` for the quick-start test, on an embedded database of its own that starts empty,
// as on a new machine. DATABASE_URL and SERVICE_BASE_URL are dropped: a new user has neither.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

// Outside test-results/, which the end-to-end suite empties when it starts.
const dataDir = path.resolve(".data/quickstart-test");
rmSync(dataDir, { recursive: true, force: true });
// Empty rather than absent: the launcher loads .env.local, where a developer's own values live, and
// an empty value counts as none there and in lib/env.ts.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  EMBEDDED_DATABASE_DIR: dataDir,
  DATABASE_URL: "",
  SERVICE_BASE_URL: "",
  NEXTAUTH_URL: `http://localhost:${process.env.PORT ?? "3160"}`,
};
const app = spawn("npm", ["run", "dev"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => app.kill(signal));
app.on("exit", (code) => process.exit(code ?? 0));
