// The embedded database in a process of its own, as `npm run dev` runs it (scripts/launch.ts
// hosts PGlite and the app is a child process): prints its URL, stops on SIGTERM.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbeddedDatabase } from "../scripts/embedded-database";

const dir = await mkdtemp(path.join(tmpdir(), "apportion-bench-pglite-"));
const database = await startEmbeddedDatabase(path.join(dir, "data"), 0);
console.log(database.url);
process.on("SIGTERM", () => {
  void database
    .stop()
    .then(() => rm(dir, { recursive: true, force: true }))
    .then(() => process.exit(0));
});
