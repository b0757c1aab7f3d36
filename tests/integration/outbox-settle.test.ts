// A process that stops between recording a finished import and bringing its submission's status up
// to date (killed, or its status update failed) must not leave the submission "processing" for
// good: the worker settles it, and it is then read back and Verified. Found by the fleet bench,
// whose worker was killed at that moment (bench/fleet.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { claimFollowRuns } from "@/lib/outbox/claim";
import { followRun } from "@/lib/outbox/follow";
import { deliverTurn } from "@/lib/outbox/tick";
import { type Worker, startWorker } from "@/lib/worker/worker";
import { submitEven, withSyncedOrganization } from "../support/synced-org";

const org = withSyncedOrganization();
let worker: Worker | undefined;

afterEach(async () => {
  await worker?.stop({ deadlineMs: 10_000 });
  worker = undefined;
});

const submission = (id: string) => db().submission.findUniqueOrThrow({ where: { id }, include: { batches: true } });

describe("a submission whose status a stopped process left behind its batches", () => {
  it("is settled by the worker, then read back and Verified", { timeout: 60_000 }, async () => {
    const id = await submitEven(org.connection, ["51001001"]);
    await deliverTurn({ workerId: "test-sender", submissionId: id });
    expect((await submission(id)).status).toBe("processing");

    // The import is recorded complete, as a round does, and the process stops before the status
    // update that follows it in the round (lib/outbox/tick.ts).
    await expect
      .poll(
        async () => {
          const runs = await claimFollowRuns(1, 25, 0, id);
          for (const run of runs) await followRun(run);
          return (await submission(id)).batches.every((b) => b.status === "complete");
        },
        { message: "the import recorded", timeout: 20_000 },
      )
      .toBe(true);
    const left = await submission(id);
    expect(left.status).toBe("processing");
    expect(left.verification).toBeNull();

    worker = startWorker({ pollMs: 50, without: ["sync"] });
    const verified = await vi.waitFor(
      async () => {
        const s = await submission(id);
        expect(s.verification, "the submission verified").toBe("verified");
        return s;
      },
      { timeout: 30_000 },
    );
    expect(verified.status).toBe("complete");
  });
});
