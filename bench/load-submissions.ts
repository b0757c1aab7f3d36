// Load: 200 concurrent submissions against the emulator, on the real PostgreSQL.
// Prints p50/p99 of (a) accepting a submission (validate, store rows and batches) and (b) the time
// until the service has processed it and Apportion has recorded every row's outcome; then the
// emulator's own processing span (first import received → last complete) and the ratio of the
// whole run to it.
// Run: npm run bench -- load   (needs PostgreSQL on 127.0.0.1:5432, like the tests)
import { performance } from "node:perf_hooks";
import { describeSpan, emulatorSpan } from "./emulator-span";
import { prepareBench } from "./setup";

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 200);
const IMPORT_DELAY_MS = Number(process.env.BENCH_IMPORT_DELAY_MS ?? 20);

const { emulator, connection } = await prepareBench({
  importDelayMs: IMPORT_DELAY_MS,
  gifts: Array.from({ length: SUBMISSIONS }, (_, i) => ({
    transactionId: `7${String(i).padStart(6, "0")}`,
    externalId: `bench-${i}`,
    amountCents: 10_000 + i,
  })),
});
const { db } = await import("../lib/db");
const { createSubmission } = await import("../lib/submissions/create");
const { startWorker } = await import("../lib/worker/worker");
const { submissionRequestSchema } = await import("../lib/splits/schema");
const { centsToInput } = await import("../lib/splits/money");
const { splitRowInput } = await import("../tests/support/split-input");

const requests = Array.from({ length: SUBMISSIONS }, (_, i) =>
  submissionRequestSchema.parse({
    idempotencyKey: crypto.randomUUID(),
    allocations: [
      {
        transactionId: `7${String(i).padStart(6, "0")}`,
        totalCents: 10_000 + i,
        currency: "USD",
        removedSplitIds: [],
        rows: [
          splitRowInput(`bench-${i}:1`, "50.00", { campaign: "Spring" }),
          splitRowInput(`bench-${i}:2`, centsToInput(10_000 + i - 5_000), { fund: "Food" }),
        ],
      },
    ],
    // New at the emulator: confirmed as the review's ticks confirm them (lib/submissions/new-names.ts).
    confirmedNewNames: [
      { kind: "campaign", name: "Spring" },
      { kind: "fund", name: "Food" },
    ],
  }),
);

const worker = startWorker({ pollMs: 20, perRound: 20 });
const started = performance.now();
const startedAt = Date.now();
const accepted: number[] = [];
const ids = await Promise.all(
  requests.map(async (request) => {
    const t0 = performance.now();
    const { submissionId } = await createSubmission(connection, request);
    accepted.push(performance.now() - t0);
    return { submissionId, t0 };
  }),
);

const done = new Map<string, number>();
while (done.size < ids.length) {
  const finished = await db().submission.findMany({
    where: {
      id: { in: ids.map((i) => i.submissionId) },
      status: { in: ["complete", "complete_with_drops", "needs_attention"] },
    },
    select: { id: true, status: true },
  });
  const now = performance.now();
  for (const f of finished) if (!done.has(f.id)) done.set(f.id, now);
  if (performance.now() - started > 600_000) throw new Error("did not finish in 10 minutes");
  await new Promise((r) => setTimeout(r, 25));
}
const total = performance.now() - started;
await worker.stop();

const completed = ids.map((i) => done.get(i.submissionId)! - i.t0);
const statuses = await db().submission.groupBy({ by: ["status"], _count: true });
const serviceSplits = (
  (await (await fetch(`${emulator.url}/__emulator/organizations/1001/splits`)).json()) as { splits: unknown[] }
).splits.length;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (v: number) => `${v.toFixed(0)} ms`;
console.log(`\nLoad: ${SUBMISSIONS} concurrent submissions (2 rows each), emulator import delay ${IMPORT_DELAY_MS} ms`);
console.log(
  `  accept (validate + store):   p50 ${ms(pct(accepted, 50))}  p99 ${ms(pct(accepted, 99))}  max ${ms(Math.max(...accepted))}`,
);
console.log(
  `  until processed & recorded:  p50 ${ms(pct(completed, 50))}  p99 ${ms(pct(completed, 99))}  max ${ms(Math.max(...completed))}`,
);
console.log(
  `  all ${SUBMISSIONS} done in ${ms(total)}; statuses ${JSON.stringify(statuses.map((s) => [s.status, s._count]))}; splits at the service ${serviceSplits}`,
);

for (const line of describeSpan(await emulatorSpan(emulator.url, startedAt), total)) console.log(line);

await db().$disconnect();
await emulator.close();
