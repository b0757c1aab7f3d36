// Which queries read a submission's gifts back. The query API cannot ask for gifts by id
// (docs/service.md, "Querying gifts": linked, changed, campaign_id, after, before), so gifts are found by their
// transaction time: each part is a window [after, before] around some of the gifts, read page by
// page with their splits. Gifts close in time share a window when the copy knows at most one
// page of other gifts between them, so reading back 1,000 gifts costs about as many pages as the
// gifts fill, not a read of the whole organization.
import "server-only";
import { z } from "zod";
import { sql } from "@/lib/db-sql";

export const readBackPart = z.object({
  after: z.iso.datetime(),
  before: z.iso.datetime(),
  transactionIds: z.array(z.string()).min(1),
});
export const readBackPlan = z.array(readBackPart);
export type ReadBackPart = z.infer<typeof readBackPart>;

/** Other gifts allowed between two gifts of one window: about one page of the query. */
const GAP = 50;
/** Gifts of the submission per window at most: a part is one bounded piece of work. */
const MAX_GIFTS_PER_PART = 200;

export async function planReadBack(connectionId: string, transactionIds: readonly string[]): Promise<ReadBackPart[]> {
  if (transactionIds.length === 0) return [];
  // Each gift's place in the copy's time order (ties by id, as the service orders them).
  const rows = await sql<{ transactionId: string; occurredAt: Date; place: string }>`
    WITH wanted AS (
      SELECT min("occurredAt") AS lo, max("occurredAt") AS hi FROM "KnownTransaction"
       WHERE "connectionId" = ${connectionId}::uuid AND "transactionId" = ANY(${transactionIds}::text[])
    )
    SELECT t."transactionId", t."occurredAt", t.place FROM (
      SELECT k."transactionId", k."occurredAt",
             row_number() OVER (ORDER BY k."occurredAt", k."transactionId") AS place
        FROM "KnownTransaction" AS k, wanted
       WHERE k."connectionId" = ${connectionId}::uuid AND k."occurredAt" BETWEEN wanted.lo AND wanted.hi
    ) AS t
    WHERE t."transactionId" = ANY(${transactionIds}::text[])
    ORDER BY t.place`;
  const placed = rows.map((row) => ({ ...row, place: BigInt(row.place) })); // int8, given as text
  const parts: { first: Date; last: Date; lastPlace: bigint; ids: string[] }[] = [];
  for (const gift of placed) {
    const current = parts.at(-1);
    if (current && gift.place - current.lastPlace <= GAP + 1 && current.ids.length < MAX_GIFTS_PER_PART) {
      current.last = gift.occurredAt;
      current.lastPlace = gift.place;
      current.ids.push(gift.transactionId);
    } else {
      parts.push({ first: gift.occurredAt, last: gift.occurredAt, lastPlace: gift.place, ids: [gift.transactionId] });
    }
  }
  // `after` and `before` are exclusive at the emulator and undocumented at the service: a
  // millisecond of margin either side keeps the window's own gifts in it.
  return parts.map((p) => ({
    after: new Date(p.first.getTime() - 1).toISOString(),
    before: new Date(p.last.getTime() + 1).toISOString(),
    transactionIds: p.ids,
  }));
}
