// Plain SQL on the shared pool (see pool() in db.ts), for statements whose parameters are large
// arrays or JSON: `sql` is a tagged template like Prisma's $queryRaw (every ${value} a bind
// parameter; `raw()` text spliced in as is, for constant fragments only). pg parses results with
// its own defaults: int8 and numeric come back as strings, json as values; statements here return
// no timestamps (their text, or numbers, when they must).
import "server-only";
import type pg from "pg";
import { pool } from "@/lib/db";

class Raw {
  constructor(readonly text: string) {}
}

/** Constant SQL text, spliced in as is: never a value that came from outside. */
export function raw(text: string): Raw {
  return new Raw(text);
}

export type Statement = { text: string; values: unknown[] };

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
  return { text, values: params };
}

export async function sql<T>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T[]> {
  const { text, values: params } = statement(strings, ...values);
  const result = await pool().query(text, params);
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
