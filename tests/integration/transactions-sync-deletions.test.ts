// Gifts deleted at the service leave the copy, and a service without sync_version is read in full:
// a changes query shows neither a deletion nor, without a change counter, that it is complete.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkAgain } from "@/lib/read-back/run";
import { listSubmissions } from "@/lib/submissions/list";
import { getSubmission } from "@/lib/submissions/read";
import { deliverTurn } from "@/lib/outbox/tick";
import { NOT_KNOWN_MESSAGE, REMOVED_GIFT_MESSAGE, whyNotCopied } from "@/lib/transactions/not-copied";
import { syncTransactions } from "@/lib/transactions/sync";
import { runSync } from "@/lib/transactions/sync-run";
import { emulatorSwitch, queryCalls } from "../support/connected-org";
import {
  copiedIds as copiedOf,
  submitEven,
  syncState as syncOf,
  verdict,
  withConnectedOrganization,
} from "../support/synced-org";

const org = withConnectedOrganization();

const post = <T>(path: string, body: unknown) => emulatorSwitch<T>(org.emulator, `organizations/1001/${path}`, body);
const generate = (count: number) => post("generate", { count, seed: 14 });
const deleteAtService = async (body: unknown) => (await post<{ deleted: string[] }>("delete", body)).deleted;
const changeAtService = async (count: number) =>
  (await post<{ changed: string[] }>("change", { count, seed: 5 })).changed;

const copiedIds = () => copiedOf(org.connection.id);
const syncState = () => syncOf(org.connection.id);

describe("gifts deleted at the service", () => {
  it("are noticed by the next changes run (the copy holds more), re-read in full and removed", async () => {
    await generate(2_000);
    expect((await syncTransactions(org.connection.id)).state).toBe("complete");
    const before = await copiedIds();
    expect(before.size).toBe(2013);
    const firstFull = (await syncState()).fullCompletedAt;

    const deleted = await deleteAtService({ count: 5, seed: 21 });
    expect(new Set(deleted).size).toBe(5);
    const callsBefore = await queryCalls(org.emulator);
    const later = await syncTransactions(org.connection.id);
    expect(later.state).toBe("complete");
    // The changes page (nothing changed), the total (2,008 against 2,013 copied), then 41 pages
    // of a full re-read: 2,008 gifts, 50 a page, then the total again before removing.
    expect((await queryCalls(org.emulator)) - callsBefore).toBe(44);
    expect(later.calls).toBe(44);

    const after = await copiedIds();
    expect(after.size).toBe(2008);
    expect([...before].filter((id) => !after.has(id)).sort()).toEqual([...deleted].sort());
    expect([...after].every((id) => before.has(id))).toBe(true);
    const sync = await syncState();
    expect(sync.mode).toBeNull();
    expect(sync.fullCompletedAt!.getTime()).toBeGreaterThan(firstFull!.getTime());

    // The copy matches again: the next run is a changes run of two calls and removes nothing.
    const callsThen = await queryCalls(org.emulator);
    expect(await syncTransactions(org.connection.id)).toMatchObject({ state: "complete", calls: 2 });
    expect((await queryCalls(org.emulator)) - callsThen).toBe(2);
    expect((await copiedIds()).size).toBe(2008);
  });

  it(
    "are removed by a full re-read that stopped midway and resumed in another process",
    { timeout: 60_000 },
    async () => {
      await generate(2_000);
      await syncTransactions(org.connection.id);
      const deleted = await deleteAtService({ count: 5, seed: 21 });
      // The next run finds the copy larger than the service and turns into a full re-read; it is
      // stopped after 10 pages, and another process resumes it from its cursor, which re-reads the
      // gift at the cursor's instant: counted once in what the run expects, it still removes.
      let pages = 0;
      const stopped = await runSync(org.connection.id, "instance-a", { shouldStop: () => pages++ >= 12 });
      expect(stopped.state).toBe("unfinished");
      expect((await syncState()).mode).toBe("full");
      const resumed = await runSync(org.connection.id, "instance-b");
      expect(resumed.state).toBe("complete");
      expect((await syncState()).expected).toBe(2008);
      const after = await copiedIds();
      expect(after.size).toBe(2008);
      for (const id of deleted) expect(after.has(id)).toBe(false);
    },
  );

  it("are removed by a full re-read whose query token lapses midway", { timeout: 60_000 }, async () => {
    await generate(2_000);
    await syncTransactions(org.connection.id);
    const deleted = await deleteAtService({ count: 5, seed: 21 });
    // Without query tokens every page is a new query from the cursor: each re-reads a gift.
    await emulatorSwitch(org.emulator, "settings", { query_paging: "no_token" });
    expect((await syncTransactions(org.connection.id)).state).toBe("complete");
    expect((await syncState()).expected).toBe(2008);
    const after = await copiedIds();
    expect(after.size).toBe(2008);
    for (const id of deleted) expect(after.has(id)).toBe(false);
  });

  it("are not removed while the service holds a gift the run did not see", { timeout: 60_000 }, async () => {
    await generate(2_000);
    await syncTransactions(org.connection.id);
    const original = await copiedIds();
    const deleted = await deleteAtService({ count: 5, seed: 21 });
    // The re-read stops midway; before it resumes, 60 gifts are added at the service spread over
    // the years, some in the part already read (newer than the cursor): the resumed run cannot see
    // those, so it counts fewer gifts than the service holds and removes nothing.
    let pages = 0;
    await runSync(org.connection.id, "instance-a", { shouldStop: () => pages++ >= 12 });
    const cursor = (await syncState()).resumeBefore!;
    await post("generate", { count: 60, seed: 99 });

    expect((await runSync(org.connection.id, "instance-b")).state).toBe("complete");
    const copy = await copiedIds();
    for (const id of deleted) expect(copy.has(id)).toBe(true);
    // The next run finds the copy short of the service, reads in full, and removes the five.
    await syncTransactions(org.connection.id);
    const after = await copiedIds();
    for (const id of deleted) expect(after.has(id)).toBe(false);
    expect(after.size).toBe(2068);
    // Some of the 60 were newer than the cursor: the case this test is about.
    const added = [...after].filter((id) => !original.has(id));
    expect(added).toHaveLength(60);
    const newer = await db().knownTransaction.count({
      where: { connectionId: org.connection.id, transactionId: { in: added }, occurredAt: { gt: cursor } },
    });
    expect(newer).toBeGreaterThan(0);
  });

  it("are not removed by a full run that saw fewer gifts than the service's total", async () => {
    await generate(500);
    await syncTransactions(org.connection.id);
    const deleted = await deleteAtService({ count: 5, seed: 3 });
    // A full run whose start was stamped by an instance with its clock an hour ahead: every row it
    // stores looks older than the run, i.e. unseen. Counting what it saw (0 of 508) must stop the
    // removal; deleting by syncedAt alone would empty the copy.
    await db().transactionSync.update({
      where: { connectionId: org.connection.id },
      data: {
        mode: "full",
        runStartedAt: new Date(Date.now() + 60 * 60_000),
        resumeBefore: null,
        copied: 0,
        expected: null,
      },
    });
    const run = await runSync(org.connection.id, "instance-ahead");
    // 11 pages, and the service's total asked before removing anything.
    expect(run).toMatchObject({ state: "complete", copied: 508, calls: 12 });
    expect((await syncState()).expected).toBe(508);
    const copy = await copiedIds();
    expect(copy.size).toBe(513);
    for (const id of deleted) expect(copy.has(id)).toBe(true);

    // The next run finds the copy larger than the service, re-reads with a sound start, and removes
    // exactly the deleted ones.
    expect((await syncTransactions(org.connection.id)).state).toBe("complete");
    const after = await copiedIds();
    expect(after.size).toBe(508);
    for (const id of deleted) expect(after.has(id)).toBe(false);
  });

  it("take their splits with them; the submission's history, its read-back and the gift's page still work", async () => {
    await syncTransactions(org.connection.id);
    const submissionId = await submitEven(org.connection, ["51001001", "51001002"]);
    await verdict(submissionId);
    const splitsOf = (transactionId: string) =>
      db().knownSplit.count({ where: { connectionId: org.connection.id, transactionId } });
    expect(await splitsOf("51001001")).toBe(2);
    expect(await splitsOf("51001002")).toBe(2);

    await deleteAtService({ ids: ["51001001"] });
    expect((await syncTransactions(org.connection.id)).state).toBe("complete");
    expect((await copiedIds()).has("51001001")).toBe(false);
    expect(await splitsOf("51001001")).toBe(0);
    expect(await splitsOf("51001002")).toBe(2);

    // The history keeps what the admin saw when sending: the removed gift keeps its donor and amount.
    const detail = await getSubmission(org.connection.id, submissionId);
    const removed = detail?.transactions.find((t) => t.transactionId === "51001001");
    expect(removed).toMatchObject({ amountCents: 10000, contactName: "Maria Alvarez" });
    expect(removed?.rows.map((r) => r.splitId)).toEqual(["ext-1001-0001:1", "ext-1001-0001:2"]);
    expect((await listSubmissions(org.connection.id)).map((s) => s.id)).toEqual([submissionId]);
    // Reading it back again says the gift is gone rather than failing.
    await checkAgain(submissionId);
    const checked = await verdict(submissionId);
    expect(checked.verification).toBe("differs");
    expect(checked.differences.map((d) => [d.transactionId, d.kind])).toEqual([["51001001", "gift_missing"]]);

    // Its page says it left the copy; an id nothing here ever named stays simply not found.
    expect(await whyNotCopied(org.connection.id, "51001001")).toEqual({
      kind: "removed",
      message: REMOVED_GIFT_MESSAGE,
    });
    expect(await whyNotCopied(org.connection.id, "51001999")).toEqual({ kind: "unknown", message: NOT_KNOWN_MESSAGE });
  });
});

describe("a gift deleted while an allocation for it is on its way", () => {
  it("stays until its import is recorded, so the submission completes; a later run removes it", async () => {
    await syncTransactions(org.connection.id);
    const submissionId = await submitEven(org.connection, ["51001001"]);
    // Delivered and applied at the service, not yet followed. Delivery alone: a whole tick also
    // follows, and found the import finished whenever the service was quick (a CI run's failure).
    await deliverTurn({ workerId: "worker-test", submissionId });
    expect((await db().submissionBatch.findFirstOrThrow({ where: { submissionId } })).status).toBe("sent");
    await deleteAtService({ ids: ["51001001"] });
    expect((await syncTransactions(org.connection.id)).state).toBe("complete");
    expect((await copiedIds()).has("51001001")).toBe(true);

    const settled = await verdict(submissionId);
    expect(settled.status).toBe("complete");
    expect(await db().knownSplit.count({ where: { connectionId: org.connection.id, transactionId: "51001001" } })).toBe(
      2,
    );
    // Its import recorded, the next run (the copy still holds 13 against 12) removes it.
    expect((await syncTransactions(org.connection.id)).state).toBe("complete");
    expect((await copiedIds()).has("51001001")).toBe(false);
    expect(await db().knownSplit.count({ where: { connectionId: org.connection.id, transactionId: "51001001" } })).toBe(
      0,
    );
  });
});

describe("a service whose answers carry no sync_version", () => {
  it("is copied in full at first, and a later sync re-reads everything rather than trust changes", async () => {
    await emulatorSwitch(org.emulator, "settings", { query_sync_version: "absent" });
    await generate(2_000);
    expect((await syncTransactions(org.connection.id)).state).toBe("complete");
    expect(await db().knownTransaction.count({ where: { connectionId: org.connection.id } })).toBe(2013);
    expect(
      await db().knownTransaction.count({ where: { connectionId: org.connection.id, syncVersion: { not: null } } }),
    ).toBe(0);

    const changed = await changeAtService(10);
    const callsBefore = await queryCalls(org.emulator);
    const later = await syncTransactions(org.connection.id);
    expect(later.state).toBe("complete");
    // One page of changes, not trusted (no sync_version), then the full re-read: 41 pages.
    expect((await queryCalls(org.emulator)) - callsBefore).toBe(42);
    expect(later).toMatchObject({ calls: 42, copied: 2013 });
    const rows = await db().knownTransaction.findMany({
      where: { connectionId: org.connection.id, transactionId: { in: changed } },
    });
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.contactName).toMatch(/\(edited\)$/);
    expect(await db().knownTransaction.count({ where: { connectionId: org.connection.id } })).toBe(2013);
  });

  it("with sync_version shown, the same 10 changes take the two calls of a changes run", async () => {
    await generate(2_000);
    await syncTransactions(org.connection.id);
    const changed = await changeAtService(10);
    const callsBefore = await queryCalls(org.emulator);
    expect(await syncTransactions(org.connection.id)).toMatchObject({ state: "complete", copied: 10, calls: 2 });
    expect((await queryCalls(org.emulator)) - callsBefore).toBe(2);
    const rows = await db().knownTransaction.findMany({
      where: { connectionId: org.connection.id, transactionId: { in: changed } },
    });
    expect(rows.filter((row) => row.contactName?.endsWith("(edited)"))).toHaveLength(10);
  });
});
