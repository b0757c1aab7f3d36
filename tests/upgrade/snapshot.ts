// Every row of every table, by primary key, to show that an upgrade loses no row and changes no
// value. Compared on the columns the older schema had; new columns are the new release's.
import pg from "pg";

export type Snapshot = Map<string, { key: string[]; rows: Map<string, Record<string, unknown>> }>;

export async function snapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ table: string; key: string[] }>(`
      SELECT c.relname AS table, array_agg(a.attname::text ORDER BY k.ord) AS key
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
      WHERE i.indisprimary AND c.relkind = 'r' AND c.relname <> '_prisma_migrations'
      GROUP BY c.relname ORDER BY c.relname`);
    const all: Snapshot = new Map();
    for (const { table, key } of tables.rows) {
      const result = await client.query<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) AS row FROM "${table}" t`);
      const rows = new Map(result.rows.map(({ row }) => [JSON.stringify(key.map((k) => row[k])), row]));
      all.set(table, { key, rows });
    }
    return all;
  } finally {
    await client.end();
  }
}

export type Change = { table: string; key: string; column: string; before: unknown; after: unknown };

/**
 * What became of the rows of `before` in `after`: rows gone, and values changed outside the
 * columns `moving` names (bookkeeping the running processes write: check times, leases).
 */
export function compare(before: Snapshot, after: Snapshot, moving: Record<string, string[]>) {
  const lost: { table: string; key: string }[] = [];
  const changed: Change[] = [];
  for (const [table, { rows }] of before) {
    const now = after.get(table);
    for (const [key, row] of rows) {
      const later = now?.rows.get(key);
      if (!later) {
        lost.push({ table, key });
        continue;
      }
      for (const [column, value] of Object.entries(row)) {
        if (moving[table]?.includes(column)) continue;
        if (JSON.stringify(value) !== JSON.stringify(later[column])) {
          changed.push({ table, key, column, before: value, after: later[column] });
        }
      }
    }
  }
  return { lost, changed };
}

/** Tables of the snapshot with no row. */
export function emptyTables(shot: Snapshot): string[] {
  return [...shot].filter(([, t]) => t.rows.size === 0).map(([table]) => table);
}

/** Columns, indexes, constraints, triggers and functions, to compare two schemas. */
export async function schemaOf(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ line: string }>(`
      SELECT format('column %s.%s %s %s %s', table_name, column_name, data_type, is_nullable, coalesce(column_default, '')) AS line
        FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
      UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'
      UNION ALL SELECT format('constraint %s %s', conname, pg_get_constraintdef(c.oid))
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        LEFT JOIN pg_class r ON r.oid = c.conrelid
        WHERE n.nspname = 'public' AND r.relname IS DISTINCT FROM '_prisma_migrations'
      UNION ALL SELECT format('trigger %s %s', tgname, pg_get_triggerdef(t.oid))
        FROM pg_trigger t WHERE NOT tgisinternal
      UNION ALL SELECT format('type %s %s', t.typname, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder))
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname
      ORDER BY 1`);
    return result.rows.map((r) => r.line);
  } finally {
    await client.end();
  }
}
