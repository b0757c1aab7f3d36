// Benchmark 4: 10,000 split rows submitted end to end against the emulator (100 gifts × 100 rows
// in 100 import calls), sent and followed by one worker on the real PostgreSQL. Prints the total
// time, the calls made, duplicates at the service (must be 0), and the ratio to the emulator's own
// processing time (first import received → last import complete).
// Run: npm run bench -- rows   (BENCH_IMPORT_DELAY_MS sets the emulator's per-import time, default 50)
import { performance } from "node:perf_hooks";
import { describeSpan, emulatorSpan } from "./emulator-span";
import { prepareBench } from "./setup";

const GIFTS = 100;
const ROWS_EACH = 100;
const IMPORT_DELAY_MS = Number(process.env.BENCH_IMPORT_DELAY_MS ?? 50);

const { emulator, connection } = await prepareBench({
  importDelayMs: IMPORT_DELAY_MS,
  gifts: Array.from({ length: GIFTS }, (_, g) => ({
    transactionId: `8${String(g).padStart(6, "0")}`,
    externalId: `rows-${g}`,
    amountCents: 50_000 + g,
  })),
});
const { db } = await import("../lib/db");
const { createSubmission } = await import("../lib/submissions/create");
const { startWorker } = await import("../lib/worker/worker");
const { submissionRequestSchema } = await import("../lib/splits/schema");
const { splitEvenly } = await import("../lib/splits/allocate");
const { centsToInput } = await import("../lib/splits/money");
const { splitRowInput } = await import("../tests/support/split-input");

const apiCallsBefore = await apiCalls();

const request = submissionRequestSchema.parse({
  idempotencyKey: crypto.randomUUID(),
  allocations: Array.from({ length: GIFTS }, (_, g) => ({
    transactionId: `8${String(g).padStart(6, "0")}`,
    totalCents: 50_000 + g,
    currency: "USD",
    removedSplitIds: [],
    rows: splitEvenly(50_000 + g, ROWS_EACH).map((cents, i) =>
      splitRowInput(`rows-${g}:${i + 1}`, centsToInput(cents), { campaign: `Campaign ${i % 5}` }),
    ),
  })),
  // New at the emulator: confirmed as the review's ticks confirm them (lib/submissions/new-names.ts).
  confirmedNewNames: Array.from({ length: 5 }, (_, i) => ({ kind: "campaign", name: `Campaign ${i}` })),
});

const started = performance.now();
const startedAt = Date.now();
const { submissionId } = await createSubmission(connection, request);
const stored = performance.now() - started;
const worker = startWorker({ pollMs: 10, perRound: 20 });
for (;;) {
  const { status } = await db().submission.findUniqueOrThrow({ where: { id: submissionId } });
  if (["complete", "complete_with_drops", "needs_attention"].includes(status)) break;
  await new Promise((r) => setTimeout(r, 20));
}
const total = performance.now() - started;
const callsAtComplete = await apiCalls();
// Then read-back: the worker reads the gifts back and compares; its added calls and
// time are reported against the total above (target: at most 10% added).
let verification: string | null = null;
let readBackCalls = 0;
for (;;) {
  const s = await db().submission.findUniqueOrThrow({ where: { id: submissionId } });
  verification = s.verification;
  readBackCalls = s.verificationCalls;
  if (s.status === "needs_attention" || (verification && verification !== "pending")) break;
  await new Promise((r) => setTimeout(r, 20));
}
const readBack = performance.now() - started - total;
await worker.stop();

const { imports } = (await (await fetch(`${emulator.url}/__emulator/organizations/1001/imports`)).json()) as {
  imports: { created_at: string; completed_at: string | null; rows_total: number }[];
};
// How the span divides: the gaps between one import's arrival and the next (Apportion's pace)
// and each import's time in the service's queue until complete (the service's pace).
const arrivals = imports.map((i) => Date.parse(i.created_at)).sort((a, b) => a - b);
const gaps = arrivals.slice(1).map((t, i) => t - (arrivals[i] ?? t));
const queued = imports.map((i) => Date.parse(i.completed_at ?? i.created_at) - Date.parse(i.created_at));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const { splits } = (await (await fetch(`${emulator.url}/__emulator/organizations/1001/splits`)).json()) as {
  splits: { id: string | null }[];
};
const ids = splits.map((s) => s.id);
const calls = callsAtComplete - apiCallsBefore;
const { status } = await db().submission.findUniqueOrThrow({ where: { id: submissionId } });

console.log(
  `\nEnd to end: ${GIFTS * ROWS_EACH} rows, ${GIFTS} gifts, emulator import delay ${IMPORT_DELAY_MS} ms → ${status}`,
);
console.log(`  stored (validated, rows and batches in PostgreSQL): ${stored.toFixed(0)} ms`);
console.log(`  total until every row is recorded:                 ${total.toFixed(0)} ms`);
console.log(
  `  service calls: ${calls} (${imports.length} imports created); splits at the service ${ids.length}, duplicates ${ids.length - new Set(ids).size}`,
);
for (const line of describeSpan(await emulatorSpan(emulator.url, startedAt), total)) console.log(line);
console.log(
  `  read-back: ${verification}, ${readBackCalls} query calls (${((readBackCalls / Math.max(1, calls)) * 100).toFixed(1)}% more calls), ${readBack.toFixed(0)} ms (${((readBack / total) * 100).toFixed(1)}% added to the total; target ≤ 10%)`,
);
console.log(
  `  median gap between two imports arriving: ${median(gaps)} ms; median time from arrival to complete: ${median(queued)} ms`,
);

await db().$disconnect();
await emulator.close();

async function apiCalls(): Promise<number> {
  const state = (await (await fetch(`${emulator.url}/__emulator/state`)).json()) as {
    stats: { apiCalls: Record<string, number> };
  };
  return Object.values(state.stats.apiCalls).reduce((a, b) => a + b, 0);
}
