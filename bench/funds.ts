// "Where the money is" at 200,000 gifts (target p95 < 200 ms): the gifts are written into
// the app's copy as a sync writes them, spread over the last two years across 12 funds and 30
// campaigns, a fifth of them split in two (KnownSplit), plus 400 submissions of 25 gifts each
// with their snapshots (what Apportion moved). Then the page's one read (lib/funds/report.ts)
// for three ranges, many times each, prints p50 / p95: counted from every gift (before the day
// totals are built, as the page was at first), from the day totals (target p95 < 100 ms for
// two years), and with 50 days changed since the last fold.
// Run: npm run bench -- funds (BENCH_FUNDS_GIFTS, BENCH_FUNDS_ROUNDS to change the size).
import { performance } from "node:perf_hooks";
import { prepareBench } from "./setup";

const GIFTS = Number(process.env.BENCH_FUNDS_GIFTS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_FUNDS_ROUNDS ?? 40);

const { emulator, connection } = await prepareBench({ importDelayMs: 0, gifts: [] });
const { db } = await import("../lib/db");
const { fundsRangeSchema } = await import("../lib/funds/range");
const { fundsReport } = await import("../lib/funds/report");
const { foldFundsTotals } = await import("../lib/funds/fold");
const id = connection.id;

const seedStart = performance.now();
await db().$executeRaw`
  INSERT INTO "KnownTransaction" ("connectionId", "transactionId", "externalId", "amountCents", "currency",
    "occurredAt", "campaign", "campaignId", "fund", "contactName", "syncedAt", "contactSearch")
  SELECT ${id}::uuid, 'bench-' || n, 'ext-' || n, 500 + (n * 7919) % 100000, 'USD',
    (now() AT TIME ZONE 'UTC') - ((n % 730) || ' days')::interval - ((n % 1440) || ' minutes')::interval,
    'Campaign ' || (n % 30), 'c' || (n % 30), CASE WHEN n % 13 = 0 THEN NULL ELSE 'Fund ' || (n % 12) END,
    'Donor ' || n, now() AT TIME ZONE 'UTC', 'donor ' || n
  FROM generate_series(1, ${GIFTS}::int) AS n`;
// A fifth of the gifts split in two: the first half stays where the gift was, the rest moves on.
await db().$executeRaw`
  INSERT INTO "KnownSplit" ("connectionId", "splitId", "transactionId", "unitAmountCents", "quantity",
    "campaign", "campaignId", "fund", "updatedAt")
  SELECT ${id}::uuid, t."externalId" || ':' || part, t."transactionId",
    CASE WHEN part = 1 THEN t."amountCents" / 2 ELSE t."amountCents" - t."amountCents" / 2 END, 1,
    t.campaign, t."campaignId", CASE WHEN part = 1 THEN coalesce(t.fund, 'General') ELSE 'Fund ' || (n % 12 + 1) % 12 END,
    now() AT TIME ZONE 'UTC'
  FROM generate_series(1, ${GIFTS}::int) AS n
  JOIN "KnownTransaction" t ON t."connectionId" = ${id}::uuid AND t."transactionId" = 'bench-' || n
  CROSS JOIN generate_series(1, 2) AS part
  WHERE n % 5 = 0`;
// What Apportion moved: 400 complete submissions over the two years, 25 gifts each.
await db().$executeRaw`
  INSERT INTO "Submission" ("id", "connectionId", "idempotencyKey", "requestHash", "status", "transactionCount",
    "rowCount", "createdAt", "updatedAt", "verification")
  SELECT md5('bench-submission-' || k)::uuid, ${id}::uuid, 'bench-' || k, 'bench', 'complete', 25, 50,
    (now() AT TIME ZONE 'UTC') - ((k * 730 / 400) || ' days')::interval, now() AT TIME ZONE 'UTC', 'verified'
  FROM generate_series(1, 400) AS k`;
await db().$executeRaw`
  INSERT INTO "SubmissionGift" ("id", "submissionId", "transactionId", "amountCents", "currency", "occurredAt",
    "before", "after", "movedCents")
  SELECT gen_random_uuid(), md5('bench-submission-' || k)::uuid, 'bench-' || (k * 25 + g), 10000, 'USD', now() AT TIME ZONE 'UTC',
    jsonb_build_array(jsonb_build_object('amountCents', 10000, 'campaign', 'Campaign 1', 'parentCampaign', null,
      'fund', 'Fund ' || (k % 12))),
    jsonb_build_array(
      jsonb_build_object('amountCents', 5000, 'campaign', 'Campaign 1', 'parentCampaign', null, 'fund', 'Fund ' || (k % 12)),
      jsonb_build_object('amountCents', 5000, 'campaign', 'Campaign 1', 'parentCampaign', null, 'fund', 'Fund ' || ((k + 1) % 12))),
    5000
  FROM generate_series(1, 400) AS k CROSS JOIN generate_series(1, 25) AS g`;
// As autovacuum leaves a settled table: statistics and the visibility map.
await db().$executeRawUnsafe(`VACUUM ANALYZE "KnownTransaction", "KnownSplit", "Submission", "SubmissionGift"`);
console.log(`funds: seeded ${GIFTS.toLocaleString("en-US")} gifts in ${Math.round(performance.now() - seedStart)} ms`);

const today = new Date();
const daysAgo = (days: number) => new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
const RANGES: Record<string, { from?: string; to?: string }> = {
  "this year (the default)": {},
  "last 30 days": { from: daysAgo(30) },
  "two years (every gift)": { from: daysAgo(731) },
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

/** The page's one read for each range, ROUNDS times: p50 and p95. */
async function measure(label: string, ranges: Record<string, { from?: string; to?: string }> = RANGES) {
  for (const [name, query] of Object.entries(ranges)) {
    const range = fundsRangeSchema.parse(query);
    const first = await fundsReport(id, range);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      await fundsReport(id, range);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const gifts = first.funds.reduce((n, f) => n + f.gifts, 0);
    console.log(
      `funds: ${label.padEnd(18)} ${name.padEnd(24)} p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms` +
        ` (${first.funds.length} funds, ${first.campaigns.length} campaigns, ${gifts} gift-fund pairs, ${first.moved.length} funds moved)`,
    );
  }
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  console.log(`funds: ${label} in ${Math.round(performance.now() - start)} ms`);
  return result;
}

// Before the worker built the day totals, the page counts every gift of the range (the page as it
// was at first): the "before" figure, in the same sitting.
await measure("every gift");
await timed("built the day totals (first fold)", () => foldFundsTotals(id));
await measure("day totals");
// A sync or a submission changed gifts on 50 days: until the next fold those days are counted from
// the copy.
await db().$executeRaw`
  UPDATE "KnownTransaction" SET fund = 'Fund 3'
  WHERE "connectionId" = ${id}::uuid AND "transactionId" IN (SELECT 'bench-' || (n * 14) FROM generate_series(1, 50) AS n)`;
await measure("50 days dirty", { "two years (every gift)": RANGES["two years (every gift)"]! });
await timed("folded 50 dirty days", () => foldFundsTotals(id));
await emulator.close();
process.exit(0);
