// Test databases on the real PostgreSQL (127.0.0.1:5432 by default; TEST_DATABASE_ADMIN_URL to
// change it). Each suite gets its own database, recreated from the checked-in migrations.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function recreateDatabase(name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${ADMIN_URL} (${(error as Error).message}). Start it (see README, "Tests").`,
    );
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * Applies every migration's SQL in order: the same files `prisma migrate deploy` applies, the way
 * it applies them here (the driver adapter's executeScript): split at each semicolon, each
 * statement on its own, outside any transaction, so `CREATE INDEX CONCURRENTLY` runs in both.
 */
export async function applyMigrations(url: string): Promise<void> {
  const root = path.resolve("prisma/migrations");
  const folders = (await readdir(root, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const folder of folders) {
      const script = await readFile(path.join(root, folder, "migration.sql"), "utf8");
      for (const statement of script.split(";").map((s) => s.trim())) {
        if (statement) await client.query(statement);
      }
    }
  } finally {
    await client.end();
  }
}
