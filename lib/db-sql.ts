// Plain SQL on the shared pool (see pool() in db.ts), for statements whose parameters are large
// arrays or JSON: `sql` is a tagged template like Prisma's $queryRaw (every ${value} a bind
// parameter; `raw()` text spliced in as is, for constant fragments only), run as a prepared
// statement where that is safe. pg parses results with its own defaults: int8 and numeric come
// back as strings, json as values; statements here return no timestamps.
import "server-only";
import { createHash } from "node:crypto";
import type pg from "pg";
import { pool } from "@/lib/db";
import { getEnv } from "@/lib/env";

class Raw {
  constructor(readonly text: string) {}
}

/** Constant SQL text, spliced in as is: never a value that came from outside. */
export function raw(text: string): Raw {
  return new Raw(text);
}

/** `name` makes it a prepared statement on each pooled connection: PostgreSQL parses it once per
 *  connection and may keep its plan (planning the submission's lookups took 2.3 ms, running
 *  them 0.6 ms). Named after the text, so one name never stands for two texts. Not on the
 *  embedded database (a pool of one): all its connections share one PGlite session, where a
 *  reconnecting client would prepare a name that session already holds. */
export type Statement = { text: string; values: unknown[]; name?: string };

const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `apportion_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

export function statement(strings: TemplateStringsArray, ...values: unknown[]): Statement {
  let text = strings[0] ?? "";
  const params: unknown[] = [];
  values.forEach((value, i) => {
    if (value instanceof Raw) text += value.text;
    else {
      params.push(value);
      text += `$${params.length}`;
    }
    text += strings[i + 1] ?? "";
  });
  return getEnv().DATABASE_POOL_MAX > 1 ? { text, values: params, name: nameOf(text) } : { text, values: params };
}

export async function sql<T>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T[]> {
  const result = await pool().query(statement(strings, ...values));
  return result.rows as T[];
}

/** Runs statements in one transaction on one pooled connection. */
export async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
