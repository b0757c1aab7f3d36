// The embedded PostgreSQL used when DATABASE_URL is absent: PGlite served over the PostgreSQL
// wire protocol on 127.0.0.1, so the app uses the same `pg` driver as with a real server.
// One process at a time may open the data folder (a second one corrupts it), hence the lock.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export async function startEmbeddedDatabase(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.lock`);
  await takeLock(lockFile);
  let db: PGlite | undefined;
  let server: PGLiteSocketServer | undefined;
  try {
    // pg_trgm backs the donor search index, unaccent folds donor names (migrations create both).
    db = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } });
    // Connections queue on the one PGlite session; the app keeps its pool at 1 (see lib/db.ts).
    server = new PGLiteSocketServer({ db, host: "127.0.0.1", port, maxConnections: 16 });
    await server.start();
  } catch (error) {
    await db?.close().catch(() => undefined);
    await rm(lockFile, { force: true });
    throw error;
  }
  const [host, actualPort] = server.getServerConn().split(":");
  const running = server;
  const open = db;
  return {
    url: `postgresql://postgres:postgres@${host}:${actualPort}/postgres?sslmode=disable`,
    stop: async () => {
      await running.stop().catch(() => undefined);
      await open.close().catch(() => undefined);
      await rm(lockFile, { force: true });
    },
  };
}

async function takeLock(lockFile: string): Promise<void> {
  const holder = Number((await readFile(lockFile, "utf8").catch(() => "")).trim());
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database is already in use by process ${holder} (another \`npm run dev\`?). Stop it first, or set DATABASE_URL.`,
    );
  }
  await writeFile(lockFile, String(process.pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
