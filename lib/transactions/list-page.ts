// The gifts list's order, its page and its totals, over any filters (lib/transactions/read.ts
// builds the filters). Each order has an index that holds its key and the gift id, so a page is
// found by skipping index entries alone (an index-only scan), and a page in the back half of the
// list is read from the end: the last page costs what the first does, the middle one the most.
import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListOrder, ListSort } from "./filters";

/** The direction a key starts in when none is asked for: newest and largest first, donors A to Z. */
export function defaultOrder(sort: ListSort): ListOrder {
  return sort === "donor" ? "asc" : "desc";
}

type OrderBy = Prisma.KnownTransactionOrderByWithRelationInput[];
const flip = (order: ListOrder): ListOrder => (order === "asc" ? "desc" : "asc");

/**
 * The ORDER BY of a sort, with the id as the tie-break so that a page never repeats or skips a
 * gift. Each is one of its index's two scan directions: the date index runs newest first with
 * ids ascending (the list's first order), so oldest first breaks ties by id descending; amount
 * and donor indexes run ascending in both columns.
 */
export function orderFor(sort: ListSort, order: ListOrder): OrderBy {
  switch (sort) {
    case "date":
      return [{ occurredAt: order }, { transactionId: flip(order) }];
    case "amount":
      return [{ amountCents: order }, { transactionId: order }];
    case "donor":
      // The donor's name as search keeps it (lower case, without accents): "Ávila" sorts with
      // "avila", not after "Zhang". A gift without a donor has "" and comes first from A.
      return [{ contactSearch: order }, { transactionId: order }];
  }
}

function reversed(orderBy: OrderBy): OrderBy {
  return orderBy.map((term) =>
    Object.fromEntries(Object.entries(term).map(([key, dir]) => [key, flip(dir as ListOrder)])),
  );
}

/** The ids of one page's gifts, in the list's order; none past the last page. */
export async function pageIds(
  where: Prisma.KnownTransactionWhereInput,
  orderBy: OrderBy,
  { page, perPage, total }: { page: number; perPage: number; total: number },
): Promise<string[]> {
  const skip = (page - 1) * perPage;
  if (skip >= total) return [];
  const after = total - skip - perPage; // gifts after this page
  const select = { transactionId: true } as const;
  if (after < skip) {
    const rows = await db().knownTransaction.findMany({
      where,
      orderBy: reversed(orderBy),
      skip: Math.max(0, after),
      take: Math.min(perPage, total - skip),
      select,
    });
    return rows.map((r) => r.transactionId).reverse();
  }
  const rows = await db().knownTransaction.findMany({ where, orderBy, skip, take: perPage, select });
  return rows.map((r) => r.transactionId);
}

/** What the filtered gifts add up to in one currency: the sum is exact (integer cents as text). */
export type CurrencyTotal = { currency: string; count: number; sumCents: string };

/**
 * The count and sum of the filtered gifts, per currency (most gifts first). PostgreSQL sums the
 * bigint cents as numeric, exactly; they reach the browser as text, never as a float.
 */
export async function listTotals(where: Prisma.KnownTransactionWhereInput): Promise<CurrencyTotal[]> {
  const groups = await db().knownTransaction.groupBy({
    by: ["currency"],
    where,
    _count: { _all: true },
    _sum: { amountCents: true },
  });
  return groups
    .map((g) => ({ currency: g.currency, count: g._count._all, sumCents: String(g._sum.amountCents ?? 0n) }))
    .sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency));
}
