// Fairness between organizations in the worker: a large organization's first copy, or its
// 10,000-row submission, is in progress; a small organization's sync and one-gift submission are
// done meanwhile (within one round), not after it. The emulator answers every call slowly
// (latency fault) so that the large organization's work lasts; no figure is asserted, only the
// order of events: the small one is done while the large one is still at it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import type { Connection } from "@/lib/generated/prisma/client";
import { requestSync, syncTransactions } from "@/lib/transactions/sync";
import { type Worker, startWorker } from "@/lib/worker/worker";
import { connectOrganization, emulatorSwitch } from "../support/connected-org";
import { copiedIds, submitEven, syncState, withConnectedOrganization } from "../support/synced-org";

const org = withConnectedOrganization(); // Riverside, the large one
let worker: Worker | undefined;

afterEach(async () => {
  await worker?.stop({ deadlineMs: 10_000 });
  worker = undefined;
});

/** Harbor, the small one, connected and copied. */
async function smallOrganization(): Promise<Connection> {
  const harbor = await connectOrganization(org.emulator, "admin@harbor.example");
  await syncTransactions(harbor.id);
  return harbor;
}

async function addGift(organizationId: string, transactionId: string) {
  const response = await fetch(`${org.emulator.url}/__emulator/organizations/${organizationId}/transactions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      transaction_id: transactionId,
      external_id: null,
      amount_in_cents: 2_500,
      transaction_time: new Date().toISOString(),
      contact_name: "Fair Share",
    }),
  });
  expect(response.status).toBe(201);
}

/** A gift of the organization's copy that can be split in two. */
async function oneGift(connectionId: string): Promise<string> {
  const gift = await db().knownTransaction.findFirstOrThrow({
    where: { connectionId, amountCents: { gte: 100 } },
    orderBy: { transactionId: "asc" },
  });
  return gift.transactionId;
}

const verification = async (submissionId: string) =>
  (await db().submission.findUniqueOrThrow({ where: { id: submissionId } })).verification;

describe("fairness between a large and a small organization", () => {
  it(
    "the small one's sync and one-gift submission are done while the large one's first copy goes on",
    {
      timeout: 120_000,
    },
    async () => {
      const harbor = await smallOrganization();
      await emulatorSwitch(org.emulator, "organizations/1001/generate", { count: 40_000, seed: 22 });
      await emulatorSwitch(org.emulator, "faults", { latency_ms: 15 });
      // One sync at a time, so only the turn (a round) can make room for the small organization.
      worker = startWorker({ pollMs: 50, sync: { concurrency: 1, turnMs: 1_500, intervalMs: 3_600_000 } });
      await requestSync(org.connection.id);
      await expect
        .poll(async () => (await syncState(org.connection.id)).copied, {
          message: "the large first copy under way",
          timeout: 30_000,
        })
        .toBeGreaterThan(0);

      await addGift("1002", "99100001");
      await requestSync(harbor.id);
      const submissionId = await submitEven(harbor, [await oneGift(harbor.id)]);
      await expect
        .poll(
          async () =>
            (await copiedIds(harbor.id)).has("99100001") &&
            (await syncState(harbor.id)).requestedAt === null &&
            (await verification(submissionId)) === "verified",
          { message: "the small organization's sync and submission", timeout: 60_000 },
        )
        .toBe(true);
      const large = await syncState(org.connection.id);
      expect(large.mode).toBe("full");
      expect(large.fullCompletedAt).toBeNull();
      expect(large.copied).toBeLessThan(40_000);
    },
  );

  it(
    "the small one's one-gift submission is verified while the large one's 10,000 rows are being sent",
    {
      timeout: 120_000,
    },
    async () => {
      const harbor = await smallOrganization();
      await emulatorSwitch(org.emulator, "organizations/1001/generate", { count: 5_000, seed: 23 });
      await syncTransactions(org.connection.id);
      const gifts = await db().knownTransaction.findMany({
        where: { connectionId: org.connection.id, amountCents: { gte: 1_000 } },
        select: { transactionId: true },
        orderBy: { transactionId: "asc" },
        take: 1_000, // a submission's most; ten lines each: 10,000 rows
      });
      expect(gifts).toHaveLength(1_000);
      const large = await submitEven(
        org.connection,
        gifts.map((g) => g.transactionId),
        { parts: 10 },
      );
      const batches = await db().submissionBatch.count({ where: { submissionId: large } });
      expect(batches).toBeGreaterThanOrEqual(100); // 10,000 rows, at most 100 to a batch, whole gifts
      await emulatorSwitch(org.emulator, "faults", { latency_ms: 40 });
      worker = startWorker({ pollMs: 50, without: ["sync"] });
      await expect
        .poll(() => db().submissionBatch.count({ where: { submissionId: large, status: { not: "pending" } } }), {
          message: "the large submission's first batches sent",
          timeout: 30_000,
        })
        .toBeGreaterThan(0);

      const small = await submitEven(harbor, [await oneGift(harbor.id)]);
      await expect
        .poll(() => verification(small), { message: "the small submission verified", timeout: 60_000 })
        .toBe("verified");
      const unsent = await db().submissionBatch.count({
        where: { submissionId: large, status: { in: ["pending", "sending"] } },
      });
      expect(unsent).toBeGreaterThan(0);
    },
  );

  it(
    "read-back: one organization's slow read-back does not hold up another's, each reader claims its own",
    {
      timeout: 120_000,
    },
    async () => {
      const harbor = await smallOrganization();
      await syncTransactions(org.connection.id);
      // Both submissions sent and complete before any read-back, each then waiting on reads.
      const submissions = [
        await submitEven(org.connection, [await oneGift(org.connection.id)]),
        await submitEven(harbor, [await oneGift(harbor.id)]),
      ];
      const rules = [{ fault: "latency", latency_ms: 400, path_prefix: "/admin/oauth2/api/v1/transactions" }];
      await emulatorSwitch(org.emulator, "faults", { rules });
      worker = startWorker({ pollMs: 50, without: ["sync", "read-back"] });
      await expect
        .poll(() => db().submission.count({ where: { id: { in: submissions }, status: "complete" } }), {
          message: "both imports complete",
          timeout: 30_000,
        })
        .toBe(2);
      await worker.stop({ deadlineMs: 10_000 });

      // Two readers: both submissions are in hand at once, one reader each.
      worker = startWorker({ pollMs: 50, without: ["sync"], readBack: { concurrency: 2 } });
      const inHand = await vi.waitFor(
        async () => {
          const claimed = await db().submission.findMany({
            where: { id: { in: submissions }, verificationClaimedBy: { not: null } },
            select: { verificationClaimedBy: true },
          });
          expect(claimed, "both read back at the same time").toHaveLength(2);
          return claimed;
        },
        { timeout: 30_000 },
      );
      expect(new Set(inHand.map((c) => c.verificationClaimedBy))).toEqual(new Set([worker.id]));
      for (const id of submissions) {
        await expect.poll(() => verification(id), { timeout: 60_000 }).toBe("verified");
      }
    },
  );
});
