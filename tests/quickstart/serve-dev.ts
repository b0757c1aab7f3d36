// `npm run dev` for the quick-start test, on an embedded database of its own that starts empty,
// as on a new machine. DATABASE_URL and SERVICE_BASE_URL are dropped: a new user has neither.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const dataDir = path.resolve("test-results/quickstart-db");
rmSync(dataDir, { recursive: true, force: true });
const env: NodeJS.ProcessEnv = { ...process.env, EMBEDDED_DATABASE_DIR: dataDir };
delete env.DATABASE_URL;
delete env.SERVICE_BASE_URL;
const app = spawn("npm", ["run", "dev"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => app.kill(signal));
app.on("exit", (code) => process.exit(code ?? 0));
