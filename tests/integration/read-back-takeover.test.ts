// A read-back part held by a worker that stopped is taken over after READ_BACK_CLAIM_TIMEOUT_MS
// (the fleet bench's killed worker left its parts for a fixed minute before this was a setting).
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import { readBackOnce } from "@/lib/read-back/run";
import { submitEven, verdict, withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();

afterEach(() => {
  delete process.env.READ_BACK_CLAIM_TIMEOUT_MS;
  clearEnvCache();
});

/** A verified submission put back as a stopped worker left it: mid read-back, claimed `agoMs` ago. */
async function heldByStoppedWorker(agoMs: number): Promise<string> {
  const id = (await verdict(await submitEven(org.connection, ["51001001"]))).id;
  await db().$executeRawUnsafe(
    `UPDATE "Submission" SET verification = 'pending', "verificationDone" = 0,
            "verificationClaimedBy" = 'worker-gone', "verificationClaimedAt" = now() - $2::float8 * interval '1 millisecond'
      WHERE id = $1::uuid`,
    id,
    agoMs,
  );
  return id;
}

describe("read-back takeover", () => {
  it("leaves a claim younger than the timeout to its worker (default one minute)", async () => {
    const id = await heldByStoppedWorker(5_000);
    expect(await readBackOnce("worker-next", id)).toBe(false);
    const s = await db().submission.findUniqueOrThrow({ where: { id } });
    expect(s.verificationClaimedBy).toBe("worker-gone");
  });

  it("takes over a claim older than READ_BACK_CLAIM_TIMEOUT_MS and finishes the read-back", async () => {
    process.env.READ_BACK_CLAIM_TIMEOUT_MS = "2000";
    clearEnvCache();
    const id = await heldByStoppedWorker(5_000);
    expect(await readBackOnce("worker-next", id)).toBe(true);
    const s = await verdict(id);
    expect(s.verification).toBe("verified");
  });
});
