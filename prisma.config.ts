import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import nextEnv from "@next/env";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { defineConfig } from "prisma/config";
import { randomUUID } from "node:crypto";

// The Prisma CLI does not load .env once a prisma.config.ts exists.
nextEnv.loadEnvConfig(process.cwd());

// `prisma generate` never connects, but the CLI must resolve env("DATABASE_URL") to a
// postgresql:// URL to read the schema (else it tries to download an engine). A fresh
// `npm install` has no database yet, so generation gets a placeholder; commands that connect
// use the real value and fail with a clear message when there is none.
const configuredDatabaseUrl = process.env.DATABASE_URL;
process.env.DATABASE_URL ??= "postgresql://placeholder@127.0.0.1:1/placeholder";

// The bundled WASM schema engine ("engine: js") runs migrations without downloading a native
// engine, which this project's offline machines cannot do. See docs/stack.md.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new MigrationAdapterFactory(databaseUrl()),
});

function databaseUrl(): URL {
  const raw = configuredDatabaseUrl;
  if (!raw) {
    throw new Error(
      "DATABASE_URL is not set. `npm run dev` starts an embedded database and sets it; otherwise point it at PostgreSQL.",
    );
  }
  return new URL(raw);
}

function poolConfig(url: URL, database?: string): pg.PoolConfig {
  // Separate fields rather than a connectionString: adapter-pg 6.19 spreads this config into
  // the shadow database's pool, and a connectionString would win over its `database`.
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username) || undefined,
    password: decodeURIComponent(url.password) || undefined,
    database: database ?? (url.pathname.slice(1) || "postgres"),
    max: 1,
    // Lets the CLI exit as soon as it is done instead of waiting for idle clients.
    allowExitOnIdle: true,
  };
}

/**
 * Works around three bugs of @prisma/adapter-pg 6.19.3 that bite only the migration tooling,
 * all fixed upstream in 7.x: it cannot deserialize the `name` and `"char"` column types the schema engine
 * reads from pg_catalog; its shadow database reuses a connectionString; and it leaves the
 * shadow database behind.
 */
class MigrationAdapterFactory {
  readonly provider = "postgres" as const;
  readonly adapterName = "@prisma/adapter-pg";
  constructor(private readonly url: URL) {}

  connect() {
    return new PrismaPg(withNameAsText(new pg.Pool(poolConfig(this.url)))).connect();
  }

  /**
   * A throwaway database on the same server, dropped afterwards. When the server cannot create
   * one (the embedded database), an in-memory PGlite stands in; it can diff an empty history
   * only: replaying existing migrations into it crashes the WASM engine ("unreachable").
   */
  async connectToShadowDb() {
    const name = `prisma_shadow_${randomUUID().replace(/-/g, "")}`;
    const admin = new pg.Client(poolConfig(this.url));
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } catch {
      await admin.end();
      return this.pgliteShadow();
    }
    await admin.end();
    const pool = withNameAsText(new pg.Pool(poolConfig(this.url, name)));
    const adapter = await new PrismaPg(pool).connect();
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await pool.end().catch(() => undefined);
      const cleanup = new pg.Client(poolConfig(this.url));
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => cleanup.end());
    };
    return adapter;
  }

  private async pgliteShadow() {
    const db = await PGlite.create({ extensions: { pg_trgm, unaccent } });
    const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 1 });
    await server.start();
    const [host, port] = server.getServerConn().split(":");
    const pool = withNameAsText(
      new pg.Pool({ host, port: Number(port), user: "postgres", database: "postgres", max: 1 }),
    );
    const adapter = await new PrismaPg(pool).connect();
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await pool.end().catch(() => undefined);
      await server.stop();
      await db.close();
    };
    return adapter;
  }
}

const CATALOG_TEXT_TYPES = new Set([18, 19]);
const PG_TYPE_TEXT = 25;

function withNameAsText(pool: pg.Pool): pg.Pool {
  // pool.query (used outside transactions) and client.query (inside them) both answer here.
  patchQuery(pool);
  pool.on("connect", (client) => patchQuery(client));
  return pool;
}

function patchQuery(target: { query: unknown }) {
  const query = (target.query as (...args: unknown[]) => unknown).bind(target);
  target.query = (...args: unknown[]) => {
    const result = query(...args);

    if (!(result instanceof Promise)) return result;
    return result.then((value: unknown) => {
      const fields = (value as { fields?: { dataTypeID: number }[] } | undefined)?.fields;
      for (const field of fields ?? []) {
        if (CATALOG_TEXT_TYPES.has(field.dataTypeID)) field.dataTypeID = PG_TYPE_TEXT;
      }
      return value;
    });
  };
}
