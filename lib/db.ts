// The one Prisma client. PostgreSQL through the `pg` driver for both the embedded database
// (a PGlite socket server started by scripts/launch.ts) and a real server: one code path.
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { getEnv } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";

const globalForDb = globalThis as unknown as { apportionDb?: PrismaClient };

/** The client inside `db().$transaction(async (tx) => …)`, for helpers that write within one. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export function db(): PrismaClient {
  globalForDb.apportionDb ??= createClient();
  return globalForDb.apportionDb;
}

function createClient(): PrismaClient {
  const env = getEnv();
  if (!env.DATABASE_URL) {
    throw new Error(
      "DATABASE_URL is not set. Start Apportion with `npm run dev` or `npm start`, which start an embedded database when it is absent.",
    );
  }
  // The embedded database serves every connection from one PGlite session, so its launcher
  // sets DATABASE_POOL_MAX=1: concurrent transactions on it lose writes otherwise.
  const adapter = new PrismaPg({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_MAX });
  return new PrismaClient({ adapter });
}
