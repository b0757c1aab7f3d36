// Benchmark 2: 100,000 split rows parsed, validated and batched on the server — what
// POST /api/submissions does before touching the database — against a plain JSON.parse of the
// same bytes. Targets: under 1 s on 2 cores; within 6× JSON.parse.
import { performance } from "node:perf_hooks";
import { intoBatches, type TransactionRows } from "../lib/service/import-batches";
import { buildImportRows, matchByFor } from "../lib/service/import-rows";
import { splitEvenly } from "../lib/splits/allocate";
import { centsToInput } from "../lib/splits/money";
import { submissionRequestSchema } from "../lib/splits/schema";
import { splitRowInput } from "../tests/support/split-input";

const TRANSACTIONS = 1_000;
const ROWS_EACH = 100;

const body = JSON.stringify({
  idempotencyKey: crypto.randomUUID(),
  allocations: Array.from({ length: TRANSACTIONS }, (_, t) => {
    const total = 100_000 + t * 37;
    return {
      transactionId: `9${String(t).padStart(6, "0")}`,
      totalCents: total,
      currency: "USD",
      removedSplitIds: [],
      rows: splitEvenly(total, ROWS_EACH).map((cents, i) =>
        splitRowInput(`ext-${t}:${i + 1}`, centsToInput(cents), {
          campaign: `Campaign ${i % 12}`,
          fund: i % 3 ? "General" : "Food Pantry",
        }),
      ),
    };
  }),
});

function pipeline(text: string): number {
  const request = submissionRequestSchema.parse(JSON.parse(text));
  const groups: TransactionRows[] = request.allocations.map((allocation, t) => {
    const transaction = { transactionId: allocation.transactionId, externalId: t % 3 ? `ext-${t}` : null };
    return {
      transactionId: allocation.transactionId,
      matchBy: matchByFor(transaction),
      rows: buildImportRows(transaction, allocation, new Map(), new Date()),
    };
  });
  return intoBatches(groups).length;
}

function median(run: () => unknown, times = 7): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    run();
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

pipeline(body); // warm up
const parseOnly = median(() => JSON.parse(body));
const full = median(() => pipeline(body));
const batches = pipeline(body);
console.log(
  `\nParse, validate and batch ${TRANSACTIONS * ROWS_EACH} rows (${(body.length / 1e6).toFixed(1)} MB of JSON, ${batches} import calls)`,
);
console.log(`  JSON.parse alone:                  ${parseOnly.toFixed(0)} ms (median of 7)`);
console.log(`  parse + zod schema + rows + batches: ${full.toFixed(0)} ms (median of 7)  target < 1000 ms`);
console.log(`  ratio to JSON.parse:                ${(full / parseOnly).toFixed(1)}×  target ≤ 6×`);
