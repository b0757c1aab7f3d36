// `npm run bench -- migration-locks`: does a migration of the kinds the policy allows
// hold up the app's writes on a 1,000,000-row table? KnownTransaction and SubmissionRow are filled
// with 1,000,000 rows each, then, while two writers run without pause, each migration runs alone:
// - the sync's writer: transactions of 500 gifts upserted (INSERT … ON CONFLICT DO UPDATE, as
//   lib/transactions/store-page.ts writes a batch of pages) plus its TransactionSync row;
// - a submission: one transaction inserting a Submission, a batch and its 100 rows (as
//   lib/submissions/store.ts does).
// Figures: the longest write that overlapped each migration, against the same writers' longest
// with no migration running. The statements take the same locks as the app's own; the payloads are
// generated, not read from the emulator. Plain CREATE INDEX, which the linter refuses, is measured
// too, to show what blocking looks like in these figures. Never a test: figures go to RESULTS.md.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { applyMigrations, databaseUrl, recreateDatabase } from "../tests/support/database";

const DATABASE = process.env.BENCH_DATABASE ?? "apportion_upgrade_bench";
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const url = databaseUrl(DATABASE);
let CONNECTION: string = randomUUID();

type Op = { kind: "sync" | "submission"; start: number; end: number };
const ops: Op[] = [];
let stop = false;

async function sql(client: pg.Client, text: string, values: unknown[] = []) {
  return client.query(text, values);
}

async function fill(client: pg.Client) {
  await sql(
    client,
    `INSERT INTO "Connection" ("id", "environment", "organizationId", "organizationName", "connectedAt", "updatedAt")
     VALUES ($1, 'playground', 'bench', 'Bench', now(), now())`,
    [CONNECTION],
  );
  await sql(client, `INSERT INTO "TransactionSync" ("connectionId", "updatedAt") VALUES ($1, now())`, [CONNECTION]);
  await sql(
    client,
    `INSERT INTO "KnownTransaction" ("connectionId", "transactionId", "externalId", "amountCents", "currency", "occurredAt",
       "campaign", "fund", "contactName", "contactSearch", "syncedAt", "syncVersion")
     SELECT $1, g::text, 'ext-' || g, 100 + g % 50000, 'USD', timestamp '2020-01-01' + g * interval '1 minute',
       'Campaign ' || g % 40, 'Fund ' || g % 12, 'Donor ' || g, 'donor ' || g, now(), g
     FROM generate_series(1, $2::int) g`,
    [CONNECTION, ROWS],
  );
  const submissions = Math.ceil(ROWS / 10_000);
  await sql(
    client,
    `INSERT INTO "Submission" ("id", "connectionId", "idempotencyKey", "requestHash", "status", "transactionCount", "rowCount", "updatedAt")
     SELECT ('00000000-0000-0000-0000-' || lpad(s::text, 12, '0'))::uuid, $1, 'bench-' || s, 'hash', 'complete', 5000, 10000, now()
     FROM generate_series(1, $2::int) s`,
    [CONNECTION, submissions],
  );
  await sql(
    client,
    `INSERT INTO "SubmissionBatch" ("id", "submissionId", "index", "matchBy", "body", "status")
     SELECT ('00000000-0000-0000-0001-' || lpad(b::text, 12, '0'))::uuid,
       ('00000000-0000-0000-0000-' || lpad((b / 100 + 1)::text, 12, '0'))::uuid, b % 100, 'transaction_id', '{}'::jsonb, 'complete'
     FROM generate_series(0, $1::int - 1) b`,
    [submissions * 100],
  );
  await sql(
    client,
    `INSERT INTO "SubmissionRow" ("id", "submissionId", "batchId", "rowIndex", "splitId", "transactionId", "unitAmountCents", "quantity", "fund", "outcome")
     SELECT gen_random_uuid(), ('00000000-0000-0000-0000-' || lpad((r / 10000 + 1)::text, 12, '0'))::uuid,
       ('00000000-0000-0000-0001-' || lpad((r / 100)::text, 12, '0'))::uuid, r % 100, (r / 2)::text || ':' || (r % 2 + 1),
       (r / 2)::text, 100, 1, 'General', 'imported'
     FROM generate_series(0, $1::int - 1) r`,
    [ROWS],
  );
  await sql(client, `VACUUM ANALYZE "KnownTransaction"`);
  await sql(client, `VACUUM ANALYZE "SubmissionRow"`);
}

async function syncWriter() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let round = 0;
  while (!stop) {
    const from = (round++ * 500) % (ROWS - 500);
    const start = performance.now();
    await sql(client, "BEGIN");
    await sql(
      client,
      `INSERT INTO "KnownTransaction" ("connectionId", "transactionId", "externalId", "amountCents", "currency", "occurredAt", "contactName", "contactSearch", "syncedAt", "syncVersion")
       SELECT $1, g::text, 'ext-' || g, 100 + (g + $3::int) % 50000, 'USD', timestamp '2020-01-01' + g * interval '1 minute', 'Donor ' || g, 'donor ' || g, now(), g + $3::int
       FROM generate_series($2::int, $2::int + 499) g
       ON CONFLICT ("connectionId", "transactionId") DO UPDATE SET "amountCents" = excluded."amountCents", "syncedAt" = excluded."syncedAt", "syncVersion" = excluded."syncVersion"`,
      [CONNECTION, from + 1, round],
    );
    await sql(client, `UPDATE "TransactionSync" SET "copied" = "copied" + 500, "updatedAt" = now() WHERE "connectionId" = $1`, [
      CONNECTION,
    ]);
    await sql(client, "COMMIT");
    ops.push({ kind: "sync", start, end: performance.now() });
  }
  await client.end();
}

async function submissionWriter() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  while (!stop) {
    const start = performance.now();
    const submission = randomUUID();
    const batch = randomUUID();
    await sql(client, "BEGIN");
    await sql(
      client,
      `INSERT INTO "Submission" ("id", "connectionId", "idempotencyKey", "requestHash", "transactionCount", "rowCount", "updatedAt")
       VALUES ($1, $2, $3, 'hash', 50, 100, now())`,
      [submission, CONNECTION, `bench-${submission}`],
    );
    await sql(
      client,
      `INSERT INTO "SubmissionBatch" ("id", "submissionId", "index", "matchBy", "body") VALUES ($1, $2, 0, 'transaction_id', '{}'::jsonb)`,
      [batch, submission],
    );
    await sql(
      client,
      `INSERT INTO "SubmissionRow" ("id", "submissionId", "batchId", "rowIndex", "splitId", "transactionId", "unitAmountCents", "quantity", "fund")
       SELECT gen_random_uuid(), $1, $2, r, $4 || ':' || r, (r * 7919 % $3::int)::text, 100, 1, 'General'
       FROM generate_series(0, 99) r`,
      [submission, batch, ROWS, `new-${submission}`],
    );
    await sql(client, "COMMIT");
    ops.push({ kind: "submission", start, end: performance.now() });
  }
  await client.end();
}

/** The longest write of each kind that overlapped [from, to], and how many ran. */
function during(from: number, to: number) {
  const overlapping = ops.filter((o) => o.end >= from && o.start <= to);
  const figure = (kind: Op["kind"]) => {
    const mine = overlapping.filter((o) => o.kind === kind).map((o) => o.end - o.start);
    return { n: mine.length, max: mine.length ? Math.max(...mine) : 0 };
  };
  return { sync: figure("sync"), submission: figure("submission") };
}

const MIGRATIONS: { name: string; sql: string; allowed: boolean }[] = [
  {
    name: "CREATE INDEX CONCURRENTLY on KnownTransaction",
    sql: `CREATE INDEX CONCURRENTLY IF NOT EXISTS "bench_kt_currency_amount_idx" ON "KnownTransaction"("connectionId", "currency", "amountCents")`,
    allowed: true,
  },
  {
    name: "CREATE INDEX CONCURRENTLY on SubmissionRow",
    sql: `CREATE INDEX CONCURRENTLY IF NOT EXISTS "bench_sr_split_idx" ON "SubmissionRow"("splitId")`,
    allowed: true,
  },
  { name: "ADD COLUMN nullable on KnownTransaction", sql: `ALTER TABLE "KnownTransaction" ADD COLUMN "benchNote" TEXT`, allowed: true },
  {
    name: "ADD COLUMN NOT NULL DEFAULT 0 on SubmissionRow",
    sql: `ALTER TABLE "SubmissionRow" ADD COLUMN "benchAttempt" INTEGER NOT NULL DEFAULT 0`,
    allowed: true,
  },
  {
    name: "plain CREATE INDEX on KnownTransaction (refused by the linter)",
    sql: `CREATE INDEX "bench_kt_plain_idx" ON "KnownTransaction"("currency", "syncVersion")`,
    allowed: false,
  },
];

// BENCH_REUSE=1 runs again on the database a previous run filled (filling takes minutes), after
// undoing that run's migrations.
const reuse = process.env.BENCH_REUSE === "1";
if (!reuse) {
  await recreateDatabase(DATABASE);
  await applyMigrations(url);
}
const admin = new pg.Client({ connectionString: url });
await admin.connect();
let t = performance.now();
if (reuse) {
  const [row] = (await sql(admin, `SELECT "connectionId" FROM "TransactionSync" LIMIT 1`)).rows as { connectionId: string }[];
  if (!row) throw new Error(`BENCH_REUSE=1: ${DATABASE} was not filled by an earlier run`);
  CONNECTION = row.connectionId;
  for (const undo of [
    `DROP INDEX IF EXISTS "bench_kt_currency_amount_idx"`,
    `DROP INDEX IF EXISTS "bench_sr_split_idx"`,
    `DROP INDEX IF EXISTS "bench_kt_plain_idx"`,
    `ALTER TABLE "KnownTransaction" DROP COLUMN IF EXISTS "benchNote"`,
    `ALTER TABLE "SubmissionRow" DROP COLUMN IF EXISTS "benchAttempt"`,
  ]) {
    await sql(admin, undo);
  }
} else {
  await fill(admin);
  console.log(`filled ${ROWS.toLocaleString("en-US")} KnownTransaction and SubmissionRow rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

const writers = [syncWriter(), submissionWriter()];
await new Promise((r) => setTimeout(r, 5_000));
t = performance.now();
await new Promise((r) => setTimeout(r, 10_000));
const baseline = during(t, performance.now());
const fmt = (f: { n: number; max: number }) => `${f.max.toFixed(0)} ms max over ${f.n} writes`;
console.log(`no migration (10 s): sync ${fmt(baseline.sync)}; submission ${fmt(baseline.submission)}`);
for (const m of MIGRATIONS) {
  const from = performance.now();
  await sql(admin, m.sql);
  const to = performance.now();
  // A write the migration held up ends after it: wait for it before reading the figures.
  await new Promise((r) => setTimeout(r, 3_000));
  const d = during(from, to);
  const worst = Math.max(d.sync.max, d.submission.max);
  const line = `${m.name}: ${((to - from) / 1000).toFixed(1)} s; sync ${fmt(d.sync)}; submission ${fmt(d.submission)}${m.allowed ? (worst <= 1000 ? " — within 1 s" : " — OVER 1 s") : ""}`;
  console.log(line);
}
stop = true;
await Promise.all(writers);
await admin.end();
