// Read-back (issue 11): after a submission's imports are complete, its gifts are read back
// through the query API and compared split by split with what was sent.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tick } from "@/lib/outbox/tick";
import { checkAgain } from "@/lib/read-back/run";
import { createSubmission } from "@/lib/submissions/create";
import { splitEvenly } from "@/lib/splits/allocate";
import { centsToInput } from "@/lib/splits/money";
import { submissionRequestSchema } from "@/lib/splits/schema";
import { syncTransactions } from "@/lib/transactions/sync";
import { splitRowInput } from "../support/split-input";
import { emulatorSwitch } from "../support/connected-org";
import { withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();

async function submitEven(transactionIds: string[], parts = 2) {
  const gifts = await db().knownTransaction.findMany({
    where: { connectionId: org.connection.id, transactionId: { in: transactionIds } },
  });
  const request = submissionRequestSchema.parse({
    idempotencyKey: crypto.randomUUID(),
    allocations: gifts.map((t) => ({
      transactionId: t.transactionId,
      totalCents: Number(t.amountCents),
      currency: t.currency,
      removedSplitIds: [],
      rows: splitEvenly(Number(t.amountCents), parts).map((cents, i) =>
        splitRowInput(`${t.externalId ?? t.transactionId}:${i + 1}`, centsToInput(cents), {
          campaign: "Spring Appeal",
        }),
      ),
    })),
  });
  return (await createSubmission(org.connection, request)).submissionId;
}

/** Ticks until read-back has a verdict; the submission then. */
async function verdict(submissionId: string, rounds = 400) {
  for (let i = 0; i < rounds; i++) {
    await tick({ submissionId, perRound: 20 });
    const s = await db().submission.findUniqueOrThrow({
      where: { id: submissionId },
      include: { differences: { orderBy: [{ transactionId: "asc" }, { splitId: "asc" }] } },
    });
    if (s.verification && s.verification !== "pending") return s;
  }
  throw new Error("read-back did not finish");
}

describe("read-back", () => {
  it("ends Verified when the service holds every split as sent", async () => {
    const s = await verdict(await submitEven(["51001001", "51001003"], 3));
    expect(s.status).toBe("complete");
    expect(s.verification).toBe("verified");
    expect(s.differences).toEqual([]);
    expect(s.verificationCalls).toBeGreaterThanOrEqual(1);
  });

  it("ends Differs, with the reason, when the service drops rows silently (as its interface says)", async () => {
    await emulatorSwitch(org.emulator, "settings", { not_found: "silent" });
    // Apportion's copy says the gift's external id is one the service does not know: the rows
    // name a transaction the service cannot find, and it drops them without a word.
    await db().knownTransaction.update({
      where: { connectionId_transactionId: { connectionId: org.connection.id, transactionId: "51001001" } },
      data: { externalId: "ext-stale-0001" },
    });
    const s = await verdict(await submitEven(["51001001"]));
    // The import itself looks clean: nothing dropped, as far as the service says.
    expect(s.status).toBe("complete");
    expect(s.verification).toBe("differs");
    expect(s.differences.map((d) => [d.splitId, d.kind])).toEqual([
      ["ext-stale-0001:1", "missing"],
      ["ext-stale-0001:2", "missing"],
    ]);
    expect(s.differences[0]!.message).toMatch(/^Split ext-stale-0001:1 \(\$50\.00\) is not at the service\.$/);
  });

  it("ends Could not verify when the service's answers cannot show splits, never Verified", async () => {
    await emulatorSwitch(org.emulator, "settings", { query_splits: "ignored" });
    const ignored = await verdict(await submitEven(["51001001"]));
    expect(ignored.verification).toBe("could_not_verify");
    expect(ignored.verificationNote).toContain("do not show the gifts' splits");

    await emulatorSwitch(org.emulator, "settings", { query_splits: "refused" });
    const refused = await verdict(await submitEven(["51001003"]));
    expect(refused.verification).toBe("could_not_verify");

    // Check again, once the service can show them: now it verifies.
    await emulatorSwitch(org.emulator, "settings", {});
    await checkAgain(refused.id);
    expect((await verdict(refused.id)).verification).toBe("verified");
  });

  it("reads 1,000 gifts back within the query API's limits: pages of at most 50, about as many as the gifts fill", async () => {
    await emulatorSwitch(org.emulator, "organizations/1001/generate", { count: 3_000, seed: 11 });
    await syncTransactions(org.connection.id);
    // Every third gift of the organization: spread across its whole history.
    const all = await db().knownTransaction.findMany({
      where: { connectionId: org.connection.id },
      orderBy: { occurredAt: "asc" },
      select: { transactionId: true },
    });
    const chosen = all
      .filter((_, i) => i % 3 === 0)
      .slice(0, 1_000)
      .map((t) => t.transactionId);
    expect(chosen).toHaveLength(1_000);
    const before = await queryCalls();
    const s = await verdict(await submitEven(chosen), 2_000);
    expect(s.verification).toBe("verified");
    const calls = (await queryCalls()) - before;
    expect(calls).toBe(s.verificationCalls);
    // 1,000 gifts with two others between each fill about 3,000 / 50 = 60 pages.
    expect(s.verificationCalls).toBeLessThanOrEqual(70);
  }, 180_000);
});

/** Query calls the emulator answered (it refuses a page over 50, so every call kept the limit). */
async function queryCalls(): Promise<number> {
  const state = (await (await fetch(`${org.emulator.url}/__emulator/state`)).json()) as {
    stats: { apiCalls: Record<string, number> };
  };
  return state.stats.apiCalls["POST /admin/oauth2/api/v1/transactions/query"] ?? 0;
}
