// 1,000 split rows through the outbox while the emulator fails about 20% of API calls at random
// (seeded: half refused before, half lost after the service acted) and one of two worker
// processes is killed mid-way: every row is imported exactly once and none is lost.
import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningEmulator, startEmulator } from "@/emulator/server";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import { createSubmission } from "@/lib/submissions/create";
import { splitEvenly } from "@/lib/splits/allocate";
import { centsToInput } from "@/lib/splits/money";
import { submissionRequestSchema } from "@/lib/splits/schema";
import { syncTransactions } from "@/lib/transactions/sync";
import { resetTables } from "../support/app-db";
import { splitRowInput } from "../support/split-input";
import { connectOrganization, emulatorSwitch } from "../support/connected-org";

let emulator: RunningEmulator;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, importDelayMs: 0 });
  process.env.SERVICE_BASE_URL = emulator.url;
  clearEnvCache();
});
afterAll(async () => {
  // Each worker runs in its own process group (npx → tsx → node): stop the whole group.
  for (const worker of workers) {
    try {
      process.kill(-worker.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  await emulator.close();
});

function startWorkerProcess(id: string): ChildProcess {
  const child = spawn("npx", ["tsx", "--conditions=react-server", "scripts/worker.ts"], {
    env: {
      ...process.env,
      SERVICE_BASE_URL: emulator.url,
      WORKER_ID: id,
      WORKER_POLL_MS: "50",
      OUTBOX_BACKOFF_MS: "20",
      OUTBOX_MAX_ATTEMPTS: "30",
      // The killed worker's claims are taken over after 3 s instead of 2 minutes.
      OUTBOX_CLAIM_TIMEOUT_MS: "3000",
    },
    stdio: "ignore",
    detached: true,
  });
  workers.push(child);
  return child;
}

describe("the outbox under faults and a crash", () => {
  it(
    "imports 1,000 rows exactly once with 20% of calls failing and a worker killed",
    { timeout: 180_000 },
    async () => {
      await resetTables();
      await emulatorSwitch(emulator, "reset");
      const connection = await connectOrganization(emulator);
      await syncTransactions(connection.id);

      // Ten gifts of at least 100 cents, each split into 100 rows: 1,000 rows in 10 import calls.
      const gifts = (
        await db().knownTransaction.findMany({
          where: { connectionId: connection.id, amountCents: { gte: 100 } },
          orderBy: { transactionId: "asc" },
        })
      ).slice(0, 10);
      expect(gifts).toHaveLength(10);
      const request = submissionRequestSchema.parse({
        idempotencyKey: crypto.randomUUID(),
        allocations: gifts.map((g) => ({
          transactionId: g.transactionId,
          totalCents: Number(g.amountCents),
          currency: g.currency,
          removedSplitIds: [],
          rows: splitEvenly(Number(g.amountCents), 100).map((cents, i) =>
            splitRowInput(`${g.externalId ?? g.transactionId}:${i + 1}`, centsToInput(cents), {
              campaign: `Campaign ${i % 7}`,
            }),
          ),
        })),
        // Seven campaigns new at the service, confirmed as the review's ticks would.
        confirmedNewNames: Array.from({ length: 7 }, (_, i) => ({ kind: "campaign", name: `Campaign ${i}` })),
      });

      await emulatorSwitch(emulator, "faults", {
        seed: 2026,
        rules: [
          // The first send's answer is always lost: the PRNG's draws are shared by two worker
          // processes whose calls interleave differently each run, so rates alone sometimes
          // left all ten sends untouched (about one run in ten).
          { path_prefix: "/admin/oauth2/api/v1/imports", method: "POST", fault: "reset", when: "after", count: 1 },
          // Sends: lost answers (the import is created, the connection drops) and refusals.
          { path_prefix: "/admin/oauth2/api/v1/imports", method: "POST", fault: "reset", when: "after", rate: 0.1 },
          { path_prefix: "/admin/oauth2/api/v1/imports", method: "POST", fault: "status", status: 503, rate: 0.11 },
          // Everything else (status checks, listings, token use).
          { path_prefix: "/admin/oauth2/api/v1", fault: "status", status: 500, rate: 0.2 },
        ],
      });
      const { submissionId } = await createSubmission(connection, request);

      const doomed = startWorkerProcess("worker-doomed");
      startWorkerProcess("worker-survivor");
      // Kill one worker outright once the work is under way, whatever it is doing.
      await expect
        .poll(() => db().submissionBatch.count({ where: { submissionId, status: { in: ["sent", "complete"] } } }), {
          message: "three batches sent",
          timeout: 60_000,
          interval: 100,
        })
        .toBeGreaterThanOrEqual(3);
      process.kill(-doomed.pid!, "SIGKILL");

      const status = await vi.waitFor(
        async () => {
          const s = await db().submission.findUniqueOrThrow({ where: { id: submissionId } });
          expect(["complete", "complete_with_drops", "needs_attention"], "the submission to finish").toContain(s.status);
          return s.status;
        },
        { timeout: 150_000, interval: 100 },
      );
      expect(status).toBe("complete");

      // The service holds exactly one split per row: none lost, none duplicated.
      const answer = await fetch(`${emulator.url}/__emulator/organizations/1001/splits`);
      const { splits } = (await answer.json()) as {
        splits: {
          id: string;
          transaction_id: string;
          unit_amount_in_cents: number;
          quantity: number;
          deleted_at: string | null;
        }[];
      };
      const active = splits.filter((s) => !s.deleted_at);
      expect(active).toHaveLength(1_000);
      expect(new Set(active.map((s) => s.id)).size).toBe(1_000);
      for (const gift of gifts) {
        const sum = active
          .filter((s) => s.transaction_id === gift.transactionId)
          .reduce((n, s) => n + s.unit_amount_in_cents * s.quantity, 0);
        expect(sum).toBe(Number(gift.amountCents));
      }
      expect(await db().submissionRow.count({ where: { submissionId, outcome: "imported" } })).toBe(1_000);
      expect(await db().knownSplit.count({ where: { connectionId: connection.id, deletedAt: null } })).toBe(1_000);

      const state = (await (await fetch(`${emulator.url}/__emulator/state`)).json()) as {
        stats: { faultsServed: number; apiCalls: Record<string, number> };
        faults: { rules: { fired: number }[] };
      };
      const [firstLost, moreLost, refusedSends] = state.faults.rules.map((r) => r.fired);
      expect(firstLost).toBe(1);
      const lostAnswers = firstLost! + moreLost!;
      const importCalls = state.stats.apiCalls["POST /admin/oauth2/api/v1/imports"] ?? 0;
      const imports = (await (await fetch(`${emulator.url}/__emulator/organizations/1001/imports`)).json()) as {
        imports: unknown[];
      };
      console.info(
        `outbox crash test: 1000 rows, 10 batches, ${importCalls} import calls, ${imports.imports.length} imports created, ` +
          `${state.stats.faultsServed} faults served (${lostAnswers} lost answers, ${refusedSends} refused sends), ${active.length} splits, 0 duplicates`,
      );
    },
  );
});
