// A gift's active splits as the gifts list and the editor show them: Apportion's own (the lines
// the editor changes) apart from the splits made outside Apportion (another application's, or the
// service's own screens), which the copy knows from the sync (lib/transactions/store-splits.ts)
// and which Apportion cannot change: the service keeps a split id per application.
import "server-only";
import { db } from "@/lib/db";
import type { KnownSplit } from "@/lib/generated/prisma/client";
import { type Split, type SplitField, splitSelect } from "@/lib/splits/split";

export type GiftSplits = { own: Split[]; elsewhere: Split[] };

const NONE: GiftSplits = { own: [], elsewhere: [] };

export async function activeSplits(
  connectionId: string,
  transactionIds: string[],
): Promise<(transactionId: string) => GiftSplits> {
  const splits = await db().knownSplit.findMany({
    where: { connectionId, transactionId: { in: transactionIds }, deletedAt: null },
    select: { transactionId: true, madeElsewhere: true, ...splitSelect },
    orderBy: { splitId: "asc" },
  });
  const byTransaction = new Map<string, GiftSplits>();
  for (const { madeElsewhere, ...split } of splits) {
    let gift = byTransaction.get(split.transactionId);
    if (!gift) byTransaction.set(split.transactionId, (gift = { own: [], elsewhere: [] }));
    (madeElsewhere ? gift.elsewhere : gift.own).push(toSplit(split));
  }
  return (transactionId) => byTransaction.get(transactionId) ?? NONE;
}

function toSplit({ transactionId: _, ...split }: Pick<KnownSplit, "transactionId" | SplitField>): Split {
  return { ...split, unitAmountCents: Number(split.unitAmountCents) };
}
