// Before the admin's Retry sends an old submission again: a gift allocated again since (by a
// later submission, or at the service itself) would get the older allocation back, silently
// overwriting the newer one. Such a retry is refused, naming the gifts; the admin opens the gift
// and allocates it afresh from what the service holds now.
import "server-only";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";

export type Superseded = { transactionId: string; reason: string };

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Gifts in the submission's failed imports whose allocation changed since it was stored. */
export async function supersededGifts(connectionId: string, submissionId: string): Promise<Superseded[]> {
  const submission = await db().submission.findFirst({
    where: { id: submissionId, connectionId },
    select: { createdAt: true },
  });
  if (!submission) return [];
  const rows = await db().submissionRow.findMany({
    where: { submissionId, chunk: { status: "failed" } },
    select: { transactionId: true, splitId: true },
  });
  const ids = [...new Set(rows.map((r) => r.transactionId))];
  if (ids.length === 0) return [];
  const [later, active] = await Promise.all([
    db().submissionRow.findMany({
      where: {
        transactionId: { in: ids },
        submissionId: { not: submissionId },
        submission: { connectionId, createdAt: { gt: submission.createdAt } },
      },
      select: { transactionId: true, submission: { select: { createdAt: true } } },
      distinct: ["transactionId"],
      orderBy: { transactionId: "asc" },
    }),
    db().knownSplit.findMany({
      where: { connectionId, transactionId: { in: ids }, deletedAt: null },
      select: { transactionId: true, splitId: true },
    }),
  ]);
  const found = new Map<string, string>();
  for (const row of later) {
    found.set(row.transactionId, `allocated again on ${when(row.submission.createdAt)}`);
  }
  // A split active at the service now that this submission neither keeps nor removes was made
  // after it was prepared (elsewhere, or by an import that went through meanwhile).
  const sent = new Set(rows.map((r) => `${r.transactionId}\u0000${r.splitId}`));
  for (const split of active) {
    if (!found.has(split.transactionId) && !sent.has(`${split.transactionId}\u0000${split.splitId}`)) {
      found.set(split.transactionId, `its splits changed at the service (${split.splitId} is new)`);
    }
  }
  return [...found].map(([transactionId, reason]) => ({ transactionId, reason }));
}

export async function refuseIfSuperseded(connectionId: string, submissionId: string): Promise<void> {
  const gifts = await supersededGifts(connectionId, submissionId);
  if (gifts.length === 0) return;
  const named = gifts.slice(0, 5).map((g) => `gift ${g.transactionId} was ${g.reason}`);
  const more = gifts.length > 5 ? ` and ${gifts.length - 5} more` : "";
  throw new AppError(
    "conflict",
    `Not retried: ${named.join("; ")}${more}. Sending this submission now would put back its older allocation over the newer one. Open the gift and allocate it afresh.`,
    { gifts },
  );
}

/** The gift's latest submission when it did not reach the service (its import failed), else null. */
export async function unsentSubmissionFor(connectionId: string, transactionId: string): Promise<string | null> {
  const latest = await db().submissionRow.findFirst({
    where: { transactionId, submission: { connectionId } },
    orderBy: { submission: { createdAt: "desc" } },
    select: { submissionId: true, chunk: { select: { status: true } } },
  });
  return latest?.chunk.status === "failed" ? latest.submissionId : null;
}
