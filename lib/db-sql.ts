// Every hand-written SQL statement of the app goes through this module (the rule: docs/
// architecture.md, "Database access"). `sql` is a tagged template like Prisma's $queryRaw (every
// ${value} a bind parameter; `raw()` text spliced in as is, for constant fragments only;
// `fragment` a piece with its own parameters), run on the shared pool (see pool() in db.ts) as a
// prepared statement where that is safe; `execute` is the same for a statement whose answer is the
// number of rows it changed; `sqlRows` takes the text and values as they are; `sqlIn(tx)` runs the
// same template inside a Prisma transaction, for a statement that must share one with model calls.
// On the pool, pg parses results with its own defaults (int8 and numeric come back as strings,
// json as values), except timestamps without a zone, read as UTC as Prisma reads them.
import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";
import { pool } from "@/lib/db";
import { getEnv } from "@/lib/env";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

class Raw {
  constructor(readonly text: string) {}
}

/** Constant SQL text, spliced in as is: never a value that came from outside. */
export function raw(text: string): Raw {
  return new Raw(text);
}

class Fragment {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}
}

/** A piece of a statement with its own parameters, spliced into `sql`/`statement` (its `${…}` are
 *  numbered in the whole statement's order). */
export function fragment(strings: TemplateStringsArray, ...values: unknown[]): Fragment {
  return new Fragment([...strings], values);
}

/** Pieces spliced one after another with `separator` between them (Prisma.join's counterpart). */
export function join(pieces: readonly Fragment[], separator = ", "): Fragment {
  if (pieces.length === 0) return new Fragment([""], []);
  return new Fragment(["", ...pieces.slice(1).map(() => separator), ""], pieces);
}

/** An instant of the app's clock for a `timestamp` (UTC, without zone) column: pg would send a
 *  `Date` in the process's time zone, which PostgreSQL then reads as UTC without its offset. */
export function utcInstant(at: Date): Fragment {
  return fragment`(${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

function build(strings: readonly string[], values: readonly unknown[], params: unknown[]): string {
  let text = strings[0] ?? "";
  values.forEach((value, i) => {
    if (value instanceof Raw) text += value.text;
    else if (value instanceof Fragment) text += build(value.strings, value.values, params);
    else {
      params.push(value);
      text += `$${params.length}`;
    }
    text += strings[i + 1] ?? "";
  });
  return text;
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
  const params: unknown[] = [];
  const text = build(strings, values, params);
  return getEnv().DATABASE_POOL_MAX > 1 ? { text, values: params, name: nameOf(text) } : { text, values: params };
}

const TIMESTAMP_OID = 1114;
const parseUtc = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const UTC_TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_OID && format !== "binary"
      ? parseUtc
      : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};

export async function sql<T>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T[]> {
  const result = await pool().query({ ...statement(strings, ...values), types: UTC_TYPES });
  return result.rows as T[];
}

/** A statement that returns no rows to read (UPDATE, DELETE, INSERT, VACUUM, pg_notify…): the
 *  number of rows it changed (Prisma's $executeRaw answered the same). */
export async function execute(strings: TemplateStringsArray, ...values: unknown[]): Promise<number> {
  const result = await pool().query({ ...statement(strings, ...values), types: UTC_TYPES });
  return result.rowCount ?? 0;
}

/**
 * The same templates inside a Prisma transaction, for a statement that must share one with model
 * calls: `sqlIn(tx)` in an interactive one (`db().$transaction(async (tx) => …)`), `sqlIn(db())`
 * for an item of a batch (`db().$transaction([…])`, which takes Prisma's own promises). Prisma runs
 * it and parses the answer its own way (int8 as bigint, numeric as Decimal).
 */
export function sqlIn(client: Pick<PrismaClient, "$queryRawUnsafe" | "$executeRawUnsafe">) {
  return {
    sql<T>(strings: TemplateStringsArray, ...values: unknown[]): Prisma.PrismaPromise<T[]> {
      const params: unknown[] = [];
      return client.$queryRawUnsafe<T[]>(build(strings, values, params), ...params);
    },
    execute(strings: TemplateStringsArray, ...values: unknown[]): Prisma.PrismaPromise<number> {
      const params: unknown[] = [];
      return client.$executeRawUnsafe(build(strings, values, params), ...params);
    },
  };
}

/**
 * One statement straight on the Prisma client's own pool, for the few that run on every request
 * (the health check's write and audit trail, the session's connection read when it is not
 * cached). Prisma's $queryRaw costs about 0.4 ms more per statement here (its executor and
 * result mapping: 0.9 against 0.5 ms for the audit trail, 1.2 against 0.8 ms for the check's
 * write), which a request that makes two pays on the critical path. Prisma's raw results are
 * the same for the columns read this way (tests/integration/connection-raw-reads.test.ts).
 *
 * With a `name`, the statement is prepared once per pooled connection (about 0.1 ms less each
 * time). Not for `SELECT *` or `RETURNING *`: a prepared plan fails ("cached plan must not change
 * result type") once a migration adds a column while this process runs.
 */
export async function sqlRows<T>(text: string, values: unknown[], name?: string): Promise<T[]> {
  const result = await pool().query<T & pg.QueryResultRow>({ name, text, values, types: UTC_TYPES });
  return result.rows;
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
