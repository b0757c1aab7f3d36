// Read-back: after a submission's imports are complete, its gifts are read back
// through the query API and compared split by split with what was sent.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkAgain } from "@/lib/read-back/run";
import { syncTransactions } from "@/lib/transactions/sync";
import { emulatorSwitch, queryCalls } from "../support/connected-org";
import { submitEven, verdict, withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();

/** Each gift split evenly, every line to Spring Appeal. */
const submitSpring = (transactionIds: string[], parts = 2) =>
  submitEven(org.connection, transactionIds, { parts, line: { campaign: "Spring Appeal" } });

describe("read-back", () => {
  it("ends Verified when the service holds every split as sent", async () => {
    const s = await verdict(await submitSpring(["51001001", "51001003"], 3));
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
    const s = await verdict(await submitSpring(["51001001"]));
    // The import itself looks clean: nothing dropped, as far as the service says.
    expect(s.status).toBe("complete");
    expect(s.verification).toBe("differs");
    expect(s.differences.map((d) => [d.splitId, d.kind])).toEqual([
      ["ext-stale-0001:1", "missing"],
      ["ext-stale-0001:2", "missing"],
    ]);
    expect(s.differences[0]!.message).toMatch(
      /^The service does not hold the \$50\.00 line in .+: it shows \$0\.00 here\.$/,
    );
  });

  it("ends Could not verify when the service's answers cannot show splits, never Verified", async () => {
    await emulatorSwitch(org.emulator, "settings", { query_splits: "ignored" });
    const ignored = await verdict(await submitSpring(["51001001"]));
    expect(ignored.verification).toBe("could_not_verify");
    expect(ignored.verificationNote).toContain("do not show the gifts' splits");

    await emulatorSwitch(org.emulator, "settings", { query_splits: "refused" });
    const refused = await verdict(await submitSpring(["51001003"]));
    expect(refused.verification).toBe("could_not_verify");

    // Check again, once the service can show them: now it verifies.
    await emulatorSwitch(org.emulator, "settings", {});
    await checkAgain(refused.id);
    expect((await verdict(refused.id)).verification).toBe("verified");
  });

  it("reads 1,000 gifts back within the query API's limits: pages of at most 50, about as many as the gifts fill", async () => {
    await emulatorSwitch(org.emulator, "organizations/1001/generate", { count: 3_000, seed: 11 });
    await syncTransactions(org.connection.id);
    // Every third gift of the organization that two lines can share (the seed's $0.01 gift cannot;
    // where it falls among the generated gifts depends on today's date): spread across its history.
    const all = await db().knownTransaction.findMany({
      where: { connectionId: org.connection.id, amountCents: { gte: 2 } },
      orderBy: { occurredAt: "asc" },
      select: { transactionId: true },
    });
    const chosen = all
      .filter((_, i) => i % 3 === 0)
      .slice(0, 1_000)
      .map((t) => t.transactionId);
    expect(chosen).toHaveLength(1_000);
    const before = await queryCalls(org.emulator);
    const s = await verdict(await submitSpring(chosen), 2_000);
    expect(s.verification).toBe("verified");
    const calls = (await queryCalls(org.emulator)) - before;
    expect(calls).toBe(s.verificationCalls);
    // 1,000 gifts with two others between each fill about 3,000 / 50 = 60 pages.
    expect(s.verificationCalls).toBeLessThanOrEqual(70);
  }, 180_000);
});
