// The one way work is claimed (lib/claims.ts): a claim is taken, refused to another while fresh,
// taken over once stale, and released only by its owner; the stale test each kind's statements
// splice agrees with its timeout and its clock; the timeouts keep their settings and defaults.
import { afterEach, describe, expect, it } from "vitest";
import { claimTimeoutMs, releaseClaim, type RowClaim, staleBefore, takeClaim } from "@/lib/claims";
import { db } from "@/lib/db";
import { fragment, sql } from "@/lib/db-sql";
import { clearEnvCache } from "@/lib/env";
import { withConnectedOrganization } from "../support/synced-org";

const org = withConnectedOrganization();

afterEach(() => {
  delete process.env.OUTBOX_CLAIM_TIMEOUT_MS;
  clearEnvCache();
});

async function syncClaim(): Promise<RowClaim> {
  const connectionId = org.connection.id;
  await db().transactionSync.createMany({ data: [{ connectionId }], skipDuplicates: true });
  return {
    kind: "sync",
    table: "TransactionSync",
    key: { column: "connectionId", value: connectionId },
    owner: "leaseOwner",
    until: "leaseUntil",
  };
}

const holder = (connectionId: string) =>
  db().transactionSync.findUniqueOrThrow({ where: { connectionId }, select: { leaseOwner: true, leaseUntil: true } });

describe("claims", () => {
  it("takes a free claim for its timeout and refuses it to another while it is fresh", async () => {
    const claim = await syncClaim();
    const before = Date.now();
    const until = await takeClaim(claim, "worker-a");
    expect(until).toBeGreaterThanOrEqual(before + claimTimeoutMs("sync"));
    expect(await holder(org.connection.id)).toEqual({ leaseOwner: "worker-a", leaseUntil: new Date(until!) });

    expect(await takeClaim(claim, "worker-b")).toBeNull();
    expect(await takeClaim(claim, "worker-b", { renew: true })).toBeNull();
    // Its owner renews only when asked to.
    expect(await takeClaim(claim, "worker-a")).toBeNull();
    expect(await takeClaim(claim, "worker-a", { renew: true })).not.toBeNull();
    expect((await holder(org.connection.id)).leaseOwner).toBe("worker-a");
  });

  it("lets another take a stale claim over, and the old owner's release then frees nothing", async () => {
    const claim = await syncClaim();
    await takeClaim(claim, "worker-gone");
    await db().transactionSync.update({
      where: { connectionId: org.connection.id },
      data: { leaseUntil: new Date(Date.now() - 1_000) },
    });
    expect(await takeClaim(claim, "worker-next")).not.toBeNull();
    expect((await holder(org.connection.id)).leaseOwner).toBe("worker-next");

    expect(await releaseClaim(claim, ["worker-gone"])).toBe(0);
    expect((await holder(org.connection.id)).leaseOwner).toBe("worker-next");
    expect(await releaseClaim(claim, ["worker-next"])).toBe(1);
    expect(await holder(org.connection.id)).toEqual({ leaseOwner: null, leaseUntil: null });
    expect(await takeClaim(claim, "worker-third")).not.toBeNull();
  });

  it("narrows the row with `also`: no claim when the row does not match", async () => {
    const claim = await syncClaim();
    expect(await takeClaim(claim, "worker-a", { also: fragment`AND "leaseOwner" = ${"nobody"}` })).toBeNull();
    expect((await holder(org.connection.id)).leaseOwner).toBeNull();
  });

  it("calls a claim stale only past its kind's timeout, in the clock its column is written in", async () => {
    process.env.OUTBOX_CLAIM_TIMEOUT_MS = "2000";
    clearEnvCache();
    const [outbox] = await sql<{ fresh: boolean; stale: boolean }>`
      SELECT (now() - interval '1 second') < ${staleBefore("outbox")} AS fresh,
             (now() - interval '3 seconds') < ${staleBefore("outbox")} AS stale`;
    expect(outbox).toEqual({ fresh: false, stale: true });
    const [autoSend] = await sql<{ fresh: boolean; stale: boolean }>`
      SELECT ((now() AT TIME ZONE 'UTC') - interval '4 minutes') < ${staleBefore("autoSend")} AS fresh,
             ((now() AT TIME ZONE 'UTC') - interval '6 minutes') < ${staleBefore("autoSend")} AS stale`;
    expect(autoSend).toEqual({ fresh: false, stale: true });
  });

  it("keeps every kind's timeout: the settings with their defaults, the fixed ones", () => {
    expect(claimTimeoutMs("outbox")).toBe(120_000);
    expect(claimTimeoutMs("readBack")).toBe(60_000);
    expect(claimTimeoutMs("autoSend")).toBe(300_000);
    expect(claimTimeoutMs("mail")).toBe(300_000);
    expect(claimTimeoutMs("sync")).toBe(60_000);
    expect(claimTimeoutMs("refresh")).toBe(45_000);
    process.env.OUTBOX_CLAIM_TIMEOUT_MS = "3000";
    clearEnvCache();
    expect(claimTimeoutMs("outbox")).toBe(3_000);
  });
});
