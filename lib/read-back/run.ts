// Read-back in the outbox's worker: once a submission's imports are complete, its gifts are read
// back through the query API with their splits, one part (a time window, plan.ts) per tick, and
// compared split by split with what was sent (compare.ts). The submission ends "verified",
// "differs" (each difference stored in words) or "could_not_verify" when the service's answers
// cannot show splits: never "verified" then. Parts are claimed like batches (a claim this old is
// taken over), so any number of workers share the work and a crash loses nothing. The least-read
// submission goes first (then the oldest): a 10,000-gift read-back of one organization, read part
// after part, never keeps another's one-gift submission from being verified beyond one part.
import "server-only";
import { AppError } from "@/lib/app-error";
import { withServiceAccess } from "@/lib/connections/service-access";
import { db } from "@/lib/db";
import { claimedNow, staleBefore } from "@/lib/claims";
import { sql } from "@/lib/db-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics/registry";
import { queryTransactions, type ServiceTransaction } from "@/lib/service/transactions";
import { readStoredJson } from "@/lib/stored-json";
import { compareGift, type Difference, type SentSplit } from "./compare";
import { planReadBack, readBackPlan, type ReadBackPart } from "./plan";

/** Pages one part may read: a window holds the part's gifts and at most a page between each. */
const MAX_PAGES_PER_PART = 250;

const NO_SPLITS =
  "The service's answers do not show the gifts' splits, so Apportion cannot see what it now holds. Check the gifts in the service.";

type Claimed = {
  id: string;
  connectionId: string;
  createdAt: Date;
  verificationPlan: unknown;
  verificationDone: number;
};

/** Claims one submission due for read-back and reads one part of it. True when it did anything. */
export async function readBackOnce(workerId: string, submissionId: string | null = null): Promise<boolean> {
  const [claimed] = await sql<Claimed>`
    UPDATE "Submission" AS s
       SET verification = 'pending', "verificationClaimedAt" = ${claimedNow("readBack")}, "verificationClaimedBy" = ${workerId}
     WHERE s.id = (
       SELECT d.id FROM "Submission" AS d
         JOIN "Connection" AS k ON k.id = d."connectionId"
        WHERE d.status IN ('complete', 'complete_with_drops')
          AND (d.verification IS NULL OR d.verification = 'pending')
          AND (d."verificationClaimedAt" IS NULL OR d."verificationClaimedAt" < ${staleBefore("readBack")})
          AND k.status = 'active'
          AND (${submissionId}::uuid IS NULL OR d.id = ${submissionId}::uuid)
        ORDER BY d."verificationDone", d."createdAt"
        LIMIT 1
        FOR UPDATE OF d SKIP LOCKED)
    RETURNING s.id, s."connectionId", s."createdAt", s."verificationPlan", s."verificationDone"`;
  if (!claimed) return false;
  const mine = { id: claimed.id, verificationClaimedBy: workerId };
  try {
    const plan = await planOf(claimed);
    const part = plan[claimed.verificationDone];
    if (part) await readPart(claimed, part);
    const done = part ? claimed.verificationDone + 1 : plan.length;
    if (done >= plan.length) {
      const differs = (await db().submissionDifference.count({ where: { submissionId: claimed.id } })) > 0;
      const finished = await db().submission.updateMany({
        where: { ...mine, verification: "pending" },
        data: {
          verification: differs ? "differs" : "verified",
          verifiedAt: new Date(),
          verificationDone: done,
          verificationClaimedAt: null,
          verificationClaimedBy: null,
        },
      });
      if (finished.count === 1) {
        metrics().readBackOutcomes.inc({ outcome: differs ? "differs" : "verified" });
        // From Send (the submission stored) to Verified: what the admin waits for.
        if (!differs) metrics().sendToVerifiedSeconds.observe((Date.now() - claimed.createdAt.getTime()) / 1000);
      }
    } else {
      await db().submission.updateMany({
        where: mine,
        data: { verificationDone: done, verificationClaimedAt: null, verificationClaimedBy: null },
      });
    }
  } catch (error) {
    if (error instanceof CannotVerify) {
      const stopped = await db().submission.updateMany({
        where: mine,
        data: {
          verification: "could_not_verify",
          verificationNote: error.message,
          verifiedAt: new Date(),
          verificationClaimedAt: null,
          verificationClaimedBy: null,
        },
      });
      if (stopped.count === 1) metrics().readBackOutcomes.inc({ outcome: "could_not_verify" });
    } else {
      metrics().readBackOutcomes.inc({ outcome: "part_failed" });
      // The service could not be asked now (unavailable, connection stopped): the part is read
      // again once the claim goes stale; nothing read so far is lost.
      log.warn("read_back.part_failed", { submissionId: claimed.id, error });
    }
  }
  return true;
}

class CannotVerify extends Error {}

async function planOf(claimed: Claimed): Promise<ReadBackPart[]> {
  if (claimed.verificationPlan !== null) {
    return readStoredJson(readBackPlan, claimed.verificationPlan, "Submission.verificationPlan");
  }
  const gifts = await db().submissionRow.findMany({
    where: { submissionId: claimed.id },
    select: { transactionId: true },
    distinct: ["transactionId"],
  });
  const ids = gifts.map((g) => g.transactionId);
  const plan = await planReadBack(claimed.connectionId, ids);
  const planned = new Set(plan.flatMap((p) => p.transactionIds));
  await db().$transaction([
    db().submissionDifference.createMany({
      data: ids
        .filter((id) => !planned.has(id))
        .map((transactionId) => ({
          submissionId: claimed.id,
          transactionId,
          kind: "gift_missing",
          message: `Gift ${transactionId} is no longer in Apportion's copy of the service's gifts, so it could not be read back.`,
        })),
    }),
    db().submission.update({ where: { id: claimed.id }, data: { verificationPlan: plan, verificationDone: 0 } }),
  ]);
  return plan;
}

async function readPart(claimed: Claimed, part: ReadBackPart): Promise<void> {
  const wanted = new Set(part.transactionIds);
  const found = new Map<string, ServiceTransaction>();
  let token: string | null = null;
  let calls = 0;
  try {
    for (let page = 0; page < MAX_PAGES_PER_PART; page++) {
      const answer = await withServiceAccess(claimed.connectionId, (accessToken, target) =>
        queryTransactions(
          target,
          accessToken,
          token ? { queryToken: token } : { query: { after: part.after, before: part.before }, withSplits: true },
        ),
      );
      calls++;
      for (const t of answer.results) {
        if (!wanted.has(t.id)) continue;
        if (t.splits === undefined) throw new CannotVerify(NO_SPLITS);
        found.set(t.id, t);
      }
      if (found.size === wanted.size || !answer.has_more || !answer.query_token) break;
      token = answer.query_token;
    }
  } catch (error) {
    // A service that refuses the request for splits cannot show them either.
    if (error instanceof AppError && error.code === "service_rejected") throw new CannotVerify(NO_SPLITS);
    throw error;
  } finally {
    await db().submission.update({ where: { id: claimed.id }, data: { verificationCalls: { increment: calls } } });
  }
  const differences = await differencesOf(claimed, part.transactionIds, found);
  if (differences.length > 0) await db().submissionDifference.createMany({ data: differences });
}

async function differencesOf(claimed: Claimed, ids: string[], found: Map<string, ServiceTransaction>) {
  const [rows, later] = await Promise.all([
    db().submissionRow.findMany({ where: { submissionId: claimed.id, transactionId: { in: ids } } }),
    // A gift allocated again by a later submission is that submission's to verify.
    db().submissionRow.findMany({
      where: {
        transactionId: { in: ids },
        submission: { connectionId: claimed.connectionId, createdAt: { gt: claimed.createdAt } },
      },
      select: { transactionId: true },
      distinct: ["transactionId"],
    }),
  ]);
  const superseded = new Set(later.map((r) => r.transactionId));
  const out: { submissionId: string; transactionId: string; splitId: string | null; kind: string; message: string }[] =
    [];
  for (const transactionId of ids) {
    if (superseded.has(transactionId)) continue;
    const gift = found.get(transactionId);
    if (!gift) {
      out.push({
        submissionId: claimed.id,
        transactionId,
        splitId: null,
        kind: "gift_missing",
        message: `The service's query no longer shows gift ${transactionId}.`,
      });
      continue;
    }
    const sent: SentSplit[] = rows
      .filter((r) => r.transactionId === transactionId)
      .map((r) => ({ ...r, unitAmountCents: Number(r.unitAmountCents) }));
    const differences: Difference[] = compareGift(sent, gift.splits ?? [], gift.currency ?? "USD");
    for (const d of differences)
      out.push({ submissionId: claimed.id, transactionId, splitId: d.splitId, kind: d.kind, message: d.message });
  }
  return out;
}

/** The admin's "Check again": read the gifts back afresh. */
export async function checkAgain(submissionId: string): Promise<void> {
  await db().$transaction([
    db().submissionDifference.deleteMany({ where: { submissionId } }),
    db().submission.update({
      where: { id: submissionId },
      data: {
        verification: "pending",
        verificationPlan: Prisma.DbNull,
        verificationDone: 0,
        verificationNote: null,
        verifiedAt: null,
        verificationCalls: 0,
        verificationClaimedAt: null,
        verificationClaimedBy: null,
      },
    }),
  ]);
}
