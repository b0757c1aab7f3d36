// Writes pages of the service's transactions into the app's copy, with the run's progress, in one
// transaction: INSERT ... SELECT FROM json_to_recordset(rows) ON CONFLICT DO UPDATE, then the
// TransactionSync row. Straight on the pg pool (lib/db-sql.ts): through Prisma, each statement's
// ~150 kB JSON parameter was copied through its WebAssembly query compiler, about a fifth of the
// sync process's time (bench/RESULTS.md, "The first sync, second round: its cost, and where it
// goes").
import "server-only";
import { inTransaction, statement } from "@/lib/db-sql";
import { type ServiceTransaction, shownGiftOf, shownSplitOf } from "@/lib/service/transactions";
import { type ElsewhereHeld, storeSplitsMadeElsewhere } from "./store-splits";
import { SYNC_LEASE_MS } from "./sync-lease";

/** What a stored batch moves the run's progress by. */
export type BatchProgress = {
  /** Gifts the batch holds (counted as read, duplicates included). */
  copied: number;
  /** The service's total for the run, when this batch began a query. */
  expected?: number;
  /** The oldest transaction_time in the batch: a resumed run goes on before it. */
  resumeBefore?: Date;
  /** A window of a sliced run (sync-windows.ts): `expected` and `resumeBefore` are the window's,
   *  and `done` says the batch holds the window's last page. */
  window?: { id: string; done: boolean };
};

/** A donor's name is searched in its first 200 characters: the b-tree and trigram indexes over it
 *  refuse entries over about 2.7 kB, and a refused entry would stop the sync at its page for good. */
export const CONTACT_SEARCH_LENGTH = 200;

/** The previous batch, still being stored: this one waits for its commit. */
export type Previous = { committed: Promise<unknown>; ids: ReadonlySet<string> };

/** The lease lapsed and another process took the run: this batch was not stored. */
export class LeaseLost extends Error {
  constructor() {
    super("Another process took over this sync.");
  }
}

/**
 * Stores one batch, under the run's lease (renewed by the same statement that records progress; a
 * lapsed lease rolls the batch back). Its rows are written at once, overlapping the previous
 * batch's on another connection, unless the two share a gift: the previous batch would then wait
 * on this one's row lock while this one waits for it to commit, a deadlock PostgreSQL cannot see.
 * Its names and progress are committed only after the previous batch's, so a crash can never
 * leave a resume point past rows that were not stored.
 */
export function storeBatch(
  run: { connectionId: string; owner: string; namesSent?: NamesSent; elsewhere?: ElsewhereHeld },
  results: readonly ServiceTransaction[],
  progress: BatchProgress,
  previous?: Previous,
): Promise<void> {
  const { connectionId, owner } = run;
  const after = previous?.committed ?? Promise.resolve();
  const shares = previous !== undefined && results.some((t) => previous.ids.has(t.id));
  // Built before a connection is taken: on the embedded database (one connection) this batch's
  // statement is ready when the previous one's ends.
  const syncedAt = new Date();
  // Each gift in the app's names once, for its row and for the names it brings.
  const gifts = results.map(shownGiftOf);
  const rows = gifts.length > 0 ? insertRows(connectionId, gifts, syncedAt) : null;
  const splits = storeSplitsMadeElsewhere(connectionId, results, syncedAt, run.elsewhere);
  const names = namesIn(results, gifts, run.namesSent);
  const leaseUntil = new Date(Date.now() + SYNC_LEASE_MS).toISOString();
  return inTransaction(async (client) => {
    // Not waiting for the disk at commit: a crash loses at most the last batches, and their
    // progress with them (same transaction), so the run resumes before them.
    await client.query("SET LOCAL synchronous_commit TO off");
    // A batch waits in this process for the one before it while holding row locks; were the
    // connection deleted meanwhile, its trigger would wait on those locks and the earlier batch on
    // the deletion: a cycle PostgreSQL cannot see. A lock wait this long fails the batch instead.
    await client.query("SET LOCAL lock_timeout TO '20s'");
    if (shares) await after;
    if (rows) await client.query(rows);
    if (splits) await client.query(splits);
    await after;
    const { window } = progress;
    const own = window === undefined;
    const updated = await client.query(
      statement`UPDATE "TransactionSync" SET "copied" = "copied" + ${progress.copied},
        "expected" = COALESCE(${own ? (progress.expected ?? null) : null}::int, "expected"),
        "resumeBefore" = COALESCE(${own ? (progress.resumeBefore?.toISOString() ?? null) : null}::timestamptz AT TIME ZONE 'UTC', "resumeBefore"),
        "leaseUntil" = ${leaseUntil}::timestamptz AT TIME ZONE 'UTC',
        "updatedAt" = now() AT TIME ZONE 'UTC'
        WHERE "connectionId" = ${connectionId}::uuid AND "leaseOwner" = ${owner}`,
    );
    if (updated.rowCount !== 1) throw new LeaseLost();
    if (window)
      await client.query(
        statement`UPDATE "TransactionSyncWindow" SET "copied" = "copied" + ${progress.copied},
          "expected" = COALESCE(${progress.expected ?? null}::int, "expected"),
          "resumeBefore" = COALESCE(${progress.resumeBefore?.toISOString() ?? null}::timestamptz AT TIME ZONE 'UTC', "resumeBefore"),
          "done" = "done" OR ${window.done}::boolean
          WHERE "id" = ${window.id}::uuid`,
      );
    if (names !== "[]") await client.query(upsertNames(connectionId, names));
  });
}

/**
 * The names a run has already sent to be stored (with whether an id came with them), so that its
 * later batches leave them out: most pages name only campaigns, funds and donors seen before. A
 * batch that fails ends its run, and the next run starts with none sent. Bounded: past
 * `NAMES_SENT_LIMIT` it starts over, which only sends some names again.
 */
export type NamesSent = Set<string>;
const NAMES_SENT_LIMIT = 100_000;

type ShownGift = ReturnType<typeof shownGiftOf>;

/** The campaigns, funds and donors a batch names, each once, with an id when any row gave one;
 *  without those the run has sent already. `gifts[i]` is `results[i]` in the app's names. */
function namesIn(results: readonly ServiceTransaction[], gifts: readonly ShownGift[], sent?: NamesSent): string {
  const names = new Map<string, { kind: string; name: string; id: string | null }>();
  const add = (kind: string, name: string | null | undefined, id: string | null | undefined) => {
    if (!name) return;
    const key = `${kind}\u0000${name}`;
    if (sent?.has(`${key}\u0000${id ? "id" : ""}`) || (!id && sent?.has(`${key}\u0000id`))) return;
    const seen = names.get(key);
    if (!seen) names.set(key, { kind, name, id: id ?? null });
    else if (!seen.id && id) seen.id = id;
  };
  results.forEach((t, i) => {
    const gift = gifts[i]!;
    add("campaign", gift.campaign, gift.campaignId);
    add("fund", gift.fund, gift.fundId);
    // The names a split made at the service puts money in (pickers offer them too).
    for (const split of (t.splits ?? []).map(shownSplitOf)) {
      add("campaign", split.campaign, split.campaignId);
      add("fund", split.fund, split.fundId);
    }
    // Folded in SQL (upsertNames: lower case, no accents), as contactSearch is: JavaScript and
    // PostgreSQL fold some letters differently (a final sigma, a dotted capital I).
    add("contact", gift.contactName, null);
  });
  if (sent) {
    if (sent.size + names.size > NAMES_SENT_LIMIT) sent.clear();
    for (const [key, n] of names) sent.add(`${key}\u0000${n.id ? "id" : ""}`);
  }
  return JSON.stringify([...names.values()]);
}

/** New names are added; a known name learns its id if it had none. DO NOTHING takes no lock on
 *  the names already known, which is nearly every page's. In name order: the windows of a sliced
 *  run store at once, and two batches adding the same new names in other orders could deadlock. */
function upsertNames(connectionId: string, names: string) {
  return statement`
    WITH page AS (SELECT DISTINCT ON (kind, name) n.kind::"KnownNameKind" AS kind,
        CASE WHEN n.kind = 'contact' THEN left(lower(unaccent(n.name)), ${CONTACT_SEARCH_LENGTH}::int) ELSE n.name END AS name, n.id
      FROM json_to_recordset(${names}::json) AS n(kind text, name text, id text)),
    added AS (INSERT INTO "KnownName" ("connectionId", "kind", "name", "serviceId")
      SELECT ${connectionId}::uuid, kind, name, id FROM page ORDER BY kind, name ON CONFLICT DO NOTHING)
    UPDATE "KnownName" AS k SET "serviceId" = page.id FROM page
    WHERE k."connectionId" = ${connectionId}::uuid AND k."kind" = page.kind AND k."name" = page.name
      AND k."serviceId" IS NULL AND page.id IS NOT NULL`;
}

function insertRows(connectionId: string, gifts: readonly ShownGift[], syncedAt: Date) {
  // ON CONFLICT cannot touch one row twice in one statement: the last copy of an id wins. In id
  // order, so two batches written at once lock shared rows in the same order (no deadlock).
  const byId = new Map(gifts.map((gift) => [gift.transactionId, gift]));
  const rows = JSON.stringify(
    [...byId.values()]
      .sort((a, b) => (a.transactionId < b.transactionId ? -1 : a.transactionId > b.transactionId ? 1 : 0))
      .map((gift) => ({
        ...gift,
        amountCents: String(gift.amountCents),
        occurredAt: (gift.occurredAt ? new Date(gift.occurredAt) : syncedAt).toISOString(),
      })),
  );
  const synced = syncedAt.toISOString();
  // Timestamps travel as ISO strings and are read as UTC, the way Prisma stores TIMESTAMP(3).
  // A page newer in sync_version is never overwritten by an older one read late.
  return statement`
    INSERT INTO "KnownTransaction" AS k ("connectionId", "transactionId", "externalId", "amountCents", "currency",
      "occurredAt", "campaign", "campaignId", "fund", "fundId", "contactName", "syncedAt", "syncVersion", "contactSearch")
    SELECT ${connectionId}::uuid, t."transactionId", t."externalId", t."amountCents"::bigint, t.currency,
      t."occurredAt"::timestamptz AT TIME ZONE 'UTC', t.campaign, t."campaignId", t.fund, t."fundId", t."contactName",
      ${synced}::timestamptz AT TIME ZONE 'UTC', t."syncVersion"::bigint,
      left(lower(unaccent(coalesce(t."contactName", ''))), ${CONTACT_SEARCH_LENGTH}::int)
    FROM json_to_recordset(${rows}::json) AS t("transactionId" text, "externalId" text, "amountCents" text,
      currency text, "occurredAt" text, campaign text, "campaignId" text, fund text, "fundId" text,
      "contactName" text, "syncVersion" text)
    ON CONFLICT ("connectionId", "transactionId") DO UPDATE SET
      "externalId" = EXCLUDED."externalId", "amountCents" = EXCLUDED."amountCents", "currency" = EXCLUDED."currency",
      "occurredAt" = EXCLUDED."occurredAt", "campaign" = EXCLUDED."campaign", "campaignId" = EXCLUDED."campaignId",
      "fund" = EXCLUDED."fund", "fundId" = EXCLUDED."fundId", "contactName" = EXCLUDED."contactName",
      "syncedAt" = EXCLUDED."syncedAt", "syncVersion" = EXCLUDED."syncVersion", "contactSearch" = EXCLUDED."contactSearch"
    WHERE k."syncVersion" IS NULL OR EXCLUDED."syncVersion" IS NULL OR EXCLUDED."syncVersion" >= k."syncVersion"`;
}
