// Reads of the synced transactions and the known allocation, always scoped to one connection:
// the connection id is a required argument of every function here.
import "server-only";
import { db } from "@/lib/db";
import { raw, sql } from "@/lib/db-sql";
import type { KnownTransaction, Prisma } from "@/lib/generated/prisma/client";
import {
  type GiftPlacement,
  PLACEMENT_FIELDS,
  placementColumns,
  placementSelect,
  type Split,
  type SplitPlacement,
} from "@/lib/splits/split";
import { activeSplits, type GiftSplits } from "./active-splits";
import type { GiftFilters, TransactionFilters } from "./filters";

// The previous release's code imports the filters' schema from here, and the upgrade test runs
// files of this tree (tests/upgrade/release) inside that release: the name stays until 0.3.0.
export { transactionFiltersSchema } from "./filters";
import { listTotalsByDay } from "./list-day-totals";
import { type CurrencyTotal, defaultOrder, listTotals, orderFor, pageIds } from "./list-page";
import { type SyncProgress, syncProgress } from "./sync-progress";

/** A split of the gifts list and the editor: the one split (lib/splits/split.ts). */
export type SplitView = Split;

export type TransactionView = GiftPlacement & {
  transactionId: string;
  externalId: string | null;
  amountCents: number;
  currency: string;
  occurredAt: string;
  contactName: string | null;
  /** Apportion's active splits: the lines the editor changes. */
  splits: SplitView[];
  /** Active splits made outside Apportion (the sync copies them): where the money is too, but not
   *  lines Apportion can change. */
  splitsElsewhere: SplitView[];
};

export type TransactionPage = {
  items: TransactionView[];
  /** How many gifts match, in every currency. */
  total: number;
  /** Their count and exact sum per currency, most gifts first. */
  totals: CurrencyTotal[];
  page: number;
  perPage: number;
  sort: TransactionFilters["sort"];
  order: "asc" | "desc";
  syncedAt: string | null;
  sync: SyncProgress;
};

export async function listTransactions(connectionId: string, filters: TransactionFilters): Promise<TransactionPage> {
  const where = await whereFor(connectionId, filters);
  const order = filters.order ?? defaultOrder(filters.sort);
  const [connection, totals, sync] = await Promise.all([
    db().connection.findUnique({ where: { id: connectionId }, select: { transactionsSyncedAt: true } }),
    listTotalsByDay(connectionId, filters).then((byDay) => byDay ?? listTotals(where)),
    syncProgress(connectionId),
  ]);
  const total = totals.reduce((n, t) => n + t.count, 0);
  // The page's ids first (from the order's index alone), then only those rows.
  const ids = await pageIds(where, orderFor(filters.sort, order), {
    page: filters.page,
    perPage: filters.perPage,
    total,
  });
  const [rows, splits] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : db().knownTransaction.findMany({ where: { connectionId, transactionId: { in: ids } } }),
    activeSplits(connectionId, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.transactionId, row]));
  return {
    items: ids.flatMap((id) => {
      const row = byId.get(id);
      // A gift removed between the two reads (a sync under way) is left out of this page.
      return row ? [toView(row, splits(id))] : [];
    }),
    total,
    totals,
    page: filters.page,
    perPage: filters.perPage,
    sort: filters.sort,
    order,
    syncedAt: connection?.transactionsSyncedAt?.toISOString() ?? null,
    sync,
  };
}

export async function getTransaction(connectionId: string, transactionId: string): Promise<TransactionView | null> {
  const row = await db().knownTransaction.findUnique({
    where: { connectionId_transactionId: { connectionId, transactionId } },
  });
  if (!row) return null;
  const splits = await activeSplits(connectionId, [transactionId]);
  return toView(row, splits(transactionId));
}

/** The service's transaction id of a gift named by that id or by its external id; null when the
 *  copy does not hold it. */
export async function resolveTransactionId(connectionId: string, idOrExternalId: string): Promise<string | null> {
  const row = await db().knownTransaction.findFirst({
    where: { connectionId, OR: [{ transactionId: idOrExternalId }, { externalId: idOrExternalId }] },
    // An id that is both one gift's id and another's external id names the first.
    orderBy: { transactionId: "asc" },
    select: { transactionId: true },
  });
  if (!row) return null;
  const exact = await db().knownTransaction.findUnique({
    where: { connectionId_transactionId: { connectionId, transactionId: idOrExternalId } },
    select: { transactionId: true },
  });
  return exact?.transactionId ?? row.transactionId;
}

export type CampaignOption = { name: string; id: string | null; parent: string | null; parentId: string | null };

/**
 * Campaigns and funds the organization uses, with their ids, for the pickers (the service has no
 * listing): names the copy of the gifts and splits holds, and names of rows the app sent that the
 * service imported (a read-back or sync may not have brought them into the copy yet). The rule
 * that a name outside them is created at the service only when the admin confirmed it reads the
 * same places by name alone (namesInUse, lib/submissions/new-names.ts).
 */
export async function knownNames(
  connectionId: string,
): Promise<{ campaigns: CampaignOption[]; funds: { name: string; id: string | null }[] }> {
  const [named, fromSplits, sent] = await Promise.all([
    db().knownName.findMany({
      where: { connectionId, kind: { in: ["campaign", "fund"] } },
      select: { kind: true, name: true, serviceId: true },
    }),
    db().knownSplit.findMany({
      where: { connectionId },
      select: placementSelect,
      distinct: [...PLACEMENT_FIELDS],
    }),
    sql<SplitPlacement>`
      SELECT DISTINCT ${raw(placementColumns("r"))}
      FROM "SubmissionRow" r JOIN "Submission" s ON s.id = r."submissionId"
      WHERE s."connectionId" = ${connectionId}::uuid AND r.outcome = 'imported' AND NOT r.deleted`,
  ]);
  const fromTransactions = named.map((n) =>
    n.kind === "campaign"
      ? { campaign: n.name, campaignId: n.serviceId, fund: null, fundId: null }
      : { campaign: null, campaignId: null, fund: n.name, fundId: n.serviceId },
  );
  const campaigns = new Map<string, CampaignOption>();
  const funds = new Map<string, { name: string; id: string | null }>([["General", { name: "General", id: null }]]);
  const seen = [
    ...fromTransactions.map((t) => ({ ...t, parentCampaign: null, parentCampaignId: null })),
    ...fromSplits,
    ...sent,
  ];
  for (const t of seen) {
    if (t.campaign) {
      const previous = campaigns.get(t.campaign);
      campaigns.set(t.campaign, {
        name: t.campaign,
        id: t.campaignId ?? previous?.id ?? null,
        parent: t.parentCampaign ?? previous?.parent ?? null,
        parentId: t.parentCampaignId ?? previous?.parentId ?? null,
      });
    }
    if (t.fund && !funds.get(t.fund)?.id) funds.set(t.fund, { name: t.fund, id: t.fundId ?? null });
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return { campaigns: [...campaigns.values()].sort(byName), funds: [...funds.values()].sort(byName) };
}

export async function whereFor(connectionId: string, f: GiftFilters): Promise<Prisma.KnownTransactionWhereInput> {
  const and: Prisma.KnownTransactionWhereInput[] = [{ connectionId }];
  if (f.search) {
    // Any part of the donor's name, a whole gift id or external id, or an amount typed as money.
    // Campaigns and funds have their own filters.
    const or: Prisma.KnownTransactionWhereInput[] = [
      await donorsMatching(connectionId, f.search),
      { transactionId: f.search },
      { externalId: f.search },
    ];
    const cents = amountInCents(f.search);
    if (cents !== null) or.push({ amountCents: cents });
    and.push({ OR: or });
  }
  if (f.campaignId) and.push(await placedIn(connectionId, "campaignId", f.campaignId));
  if (f.fund) and.push(await placedIn(connectionId, "fund", f.fund));
  if (f.after) and.push({ occurredAt: { gte: new Date(`${f.after}T00:00:00Z`) } });
  if (f.before) and.push({ occurredAt: { lt: new Date(new Date(`${f.before}T00:00:00Z`).getTime() + 86_400_000) } });
  if (f.split === "split") and.push({ splits: { some: { deletedAt: null } } });
  if (f.split === "unsplit") and.push({ splits: { none: { deletedAt: null } } });
  return { AND: and };
}

/** Beyond this many donors whose names contain a search, their gifts are scanned for it instead. */
const DONORS_BY_NAME = 2_000;

/**
 * Gifts of the donors whose names contain the text. The names are looked up among the
 * organization's donors (KnownName, trigram-indexed once per donor), then their gifts by the
 * b-tree on contactSearch: a trigram index over every gift was over a third of a first sync's
 * database time. Text matching a great many donors ("a") scans the gifts' names instead.
 */
async function donorsMatching(connectionId: string, search: string): Promise<Prisma.KnownTransactionWhereInput> {
  // Prisma passes `contains` to (I)LIKE as it is: % and _ are escaped to be found as text. ILIKE:
  // PostgreSQL folds the case of the text as it folded the names (JavaScript differs for some
  // letters), and the trigram index serves it. Each word on its own: "Whitaker Tom" finds
  // Tom Whitaker.
  const words = (await foldedLikeNames(search.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS))).map((word) =>
    word.replace(/[\\%_]/g, (c) => `\\${c}`),
  );
  const donors = await db().knownName.findMany({
    where: {
      connectionId,
      kind: "contact",
      AND: words.map((word) => ({ name: { contains: word, mode: "insensitive" as const } })),
    },
    select: { name: true },
    take: DONORS_BY_NAME + 1,
  });
  if (donors.length > DONORS_BY_NAME)
    return { AND: words.map((word) => ({ contactSearch: { contains: word, mode: "insensitive" as const } })) };
  return { contactSearch: { in: donors.map((d) => d.name) } };
}

/** A search of more words than this looks for the donor by the first ones. */
const MAX_WORDS = 8;

/** The words without their accents, as donor names are kept for search (store-page.ts), by
 *  PostgreSQL's unaccent so that both sides fold alike. Plain ASCII has none: no round trip. */
async function foldedLikeNames(words: string[]): Promise<string[]> {
  if (words.every((word) => /^[\x20-\x7e]*$/.test(word))) return words;
  const rows = await sql<{ folded: string }>`
    SELECT unaccent(w) AS folded FROM unnest(${words}::text[]) WITH ORDINALITY AS t(w, n) ORDER BY n`;
  return rows.map((r) => r.folded);
}

/** Beyond this many split gifts in one campaign or fund, they are matched by a subquery instead. */
const SPLIT_GIFTS_BY_ID = 2_000;

/**
 * Gifts whose money is in a campaign or fund: a split gift by its active splits, a whole one by
 * its own. The split gifts are read first from the small split table, so the gift table is read
 * through its campaign or fund index; a subquery under OR made PostgreSQL scan every gift.
 */
async function placedIn(
  connectionId: string,
  field: "campaignId" | "fund",
  value: string,
): Promise<Prisma.KnownTransactionWhereInput> {
  // A gift without a fund is shown (and allocated) as "General", the service's default.
  const own: Prisma.KnownTransactionWhereInput =
    field === "fund" && value === "General" ? { OR: [{ fund: value }, { fund: null }] } : { [field]: value };
  const whole: Prisma.KnownTransactionWhereInput = { ...own, splits: { none: { deletedAt: null } } };
  const split = await db().knownSplit.findMany({
    where: { connectionId, [field]: value, deletedAt: null },
    select: { transactionId: true },
    distinct: ["transactionId"],
    take: SPLIT_GIFTS_BY_ID + 1,
  });
  if (split.length === 0) return whole;
  if (split.length > SPLIT_GIFTS_BY_ID)
    return { OR: [whole, { splits: { some: { [field]: value, deletedAt: null } } }] };
  return { OR: [whole, { transactionId: { in: split.map((s) => s.transactionId) } }] };
}

/** "100.01", "$1,250" or "25" as cents; null when the text is not an amount. */
export function amountInCents(text: string): bigint | null {
  const match = /^\$?\s*((?:\d{1,3}(?:,\d{3})+)|\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = (match[1] ?? "").replace(/,/g, "");
  const fraction = (match[2] ?? "").padEnd(2, "0");
  return BigInt(whole) * 100n + BigInt(fraction || "0");
}

function toView(row: KnownTransaction, splits: GiftSplits): TransactionView {
  return {
    transactionId: row.transactionId,
    externalId: row.externalId,
    amountCents: Number(row.amountCents),
    currency: row.currency,
    occurredAt: row.occurredAt.toISOString(),
    campaign: row.campaign,
    campaignId: row.campaignId,
    fund: row.fund,
    fundId: row.fundId,
    contactName: row.contactName,
    splits: splits.own,
    splitsElsewhere: splits.elsewhere,
  };
}
