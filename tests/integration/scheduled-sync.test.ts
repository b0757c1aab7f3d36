// The worker keeps every active organization's copy fresh with nobody looking: a gift added at the
// service shows up in the copy without any request asking for a sync, and the "run finished"
// point hears it. Scheduling spreads organizations over the interval.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { sql } from "@/lib/db-sql";
import { dueSyncs } from "@/lib/transactions/sync-due";
import { onSyncFinished } from "@/lib/transactions/sync-finished";
import { type Worker, startWorker } from "@/lib/worker/worker";
import { copiedIds, syncState, withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();
let worker: Worker | undefined;

afterEach(async () => {
  await worker?.stop({ deadlineMs: 5_000 });
  worker = undefined;
});

describe("the scheduled sync", () => {
  it("copies a gift added at the service without any request", async () => {
    const before = await syncState(org.connection.id);
    expect(before.requestedAt).toBeNull();
    expect(before.mode).toBeNull();
    const heard: string[] = [];
    const unlisten = onSyncFinished(({ connectionId }) => void heard.push(connectionId));
    try {
      const added = await fetch(`${org.emulator.url}/__emulator/organizations/1001/transactions`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          transaction_id: "99000001",
          external_id: null,
          amount_in_cents: 4_200,
          transaction_time: new Date().toISOString(),
          contact_name: "Scheduled Sync",
        }),
      });
      expect(added.status).toBe(201);
      expect((await copiedIds(org.connection.id)).has("99000001")).toBe(false);
      // An interval of 2 s: due at this organization's next boundary, at most 2 s away (and at
      // least 1 s after the last run began).
      worker = startWorker({
        pollMs: 50,
        without: ["deliver", "follow", "read-back"],
        sync: { intervalMs: 2_000, turnMs: 5_000 },
      });
      await expect
        .poll(() => heard.includes(org.connection.id), { message: "a complete run", timeout: 15_000, interval: 100 })
        .toBe(true);
      expect((await copiedIds(org.connection.id)).has("99000001")).toBe(true);
      const after = await syncState(org.connection.id);
      expect(after.requestedAt).toBeNull();
      expect(after.changesSince!.getTime()).toBeGreaterThan(before.changesSince!.getTime());
    } finally {
      unlisten();
    }
  });

  it("is not due again before its own boundary, and organizations' boundaries are spread", async () => {
    const intervalMs = 300_000;
    // Just synced: not due.
    expect(await dueSyncs({ limit: 10, intervalMs, turnMs: 30_000, skip: [] })).toEqual([]);
    // Each organization's phase within the interval comes from its id: for 2,000 ids, every tenth
    // of the interval holds between 5% and 15% of them (uniform: 10%).
    const [spread] = await sql<{ min: number; max: number }>`
      WITH ids AS (SELECT gen_random_uuid() AS id FROM generate_series(1, 2000)),
           tenths AS (
             SELECT ((hashtext(id::text)::bigint + 2147483648) % ${intervalMs}::bigint) * 10 / ${intervalMs} AS tenth
               FROM ids)
      SELECT min(n)::int AS min, max(n)::int AS max FROM (SELECT count(*) AS n FROM tenths GROUP BY tenth) AS c`;
    expect(spread!.min).toBeGreaterThan(100);
    expect(spread!.max).toBeLessThan(300);
    // A copy older than the interval is due.
    await db().transactionSync.update({
      where: { connectionId: org.connection.id },
      data: { changesSince: new Date(Date.now() - intervalMs - 1_000) },
    });
    expect(await dueSyncs({ limit: 10, intervalMs, turnMs: 30_000, skip: [] })).toEqual([org.connection.id]);
    // Not while another process holds its lease, nor when this one has it in hand.
    expect(await dueSyncs({ limit: 10, intervalMs, turnMs: 30_000, skip: [org.connection.id] })).toEqual([]);
    await db().transactionSync.update({
      where: { connectionId: org.connection.id },
      data: { leaseOwner: "elsewhere", leaseUntil: new Date(Date.now() + 60_000) },
    });
    expect(await dueSyncs({ limit: 10, intervalMs, turnMs: 30_000, skip: [] })).toEqual([]);
  });
});
