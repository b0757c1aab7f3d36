// Before the admin's Retry sends an old submission again: a gift allocated again since by a later
// submission would get the older allocation back, silently overwriting the newer one; a gift whose
// total changed at the service since (a refund, a correction: the sync brings amounts) would get
// rows that no longer add up. Such a retry is refused, naming the gifts; the admin opens the gift
// and allocates it afresh. Splits re-made in the service's own screens are not seen here: the
// query the sync reads shows no splits (the read-back after a submission is what would see them).
import "server-only";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import { centsToInput } from "@/lib/splits/money";
import { formatWhen } from "@/lib/when";

export type Superseded = { transactionId: string; reason: string };

/** Gifts in the submission's failed imports whose allocation changed since it was stored. */
/** `zone`: the admin's time zone (lib/time-zone.ts), so the message reads like every page. */
export async function supersededGifts(connectionId: string, submissionId: string, zone = "UTC"): Promise<Superseded[]> {
  const submission = await db().submission.findFirst({
    where: { id: submissionId, connectionId },
    select: { createdAt: true },
  });
  if (!submission) return [];
  const rows = await db().submissionRow.findMany({
    where: { submissionId, batch: { status: "failed" } },
    select: { transactionId: true, unitAmountCents: true, quantity: true, deleted: true },
  });
  const ids = [...new Set(rows.map((r) => r.transactionId))];
  if (ids.length === 0) return [];
  const [later, gifts] = await Promise.all([
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
    db().knownTransaction.findMany({
      where: { connectionId, transactionId: { in: ids } },
      select: { transactionId: true, amountCents: true },
    }),
  ]);
  const found = new Map<string, string>();
  for (const row of later) {
    found.set(row.transactionId, `allocated again on ${formatWhen(row.submission.createdAt.toISOString(), zone).text}`);
  }
  const sent = new Map<string, bigint>();
  for (const row of rows) {
    if (!row.deleted)
      sent.set(row.transactionId, (sent.get(row.transactionId) ?? 0n) + row.unitAmountCents * BigInt(row.quantity));
  }
  for (const gift of gifts) {
    const total = sent.get(gift.transactionId) ?? 0n;
    if (!found.has(gift.transactionId) && total !== gift.amountCents) {
      found.set(
        gift.transactionId,
        `changed at the service: its total is now ${centsToInput(Number(gift.amountCents))}, not ${centsToInput(Number(total))}`,
      );
    }
  }
  return [...found].map(([transactionId, reason]) => ({ transactionId, reason }));
}

export async function refuseIfSuperseded(connectionId: string, submissionId: string, zone = "UTC"): Promise<void> {
  const gifts = await supersededGifts(connectionId, submissionId, zone);
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
    select: { submissionId: true, batch: { select: { status: true } } },
  });
  return latest?.batch.status === "failed" ? latest.submissionId : null;
}
