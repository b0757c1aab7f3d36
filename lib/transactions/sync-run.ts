// One run of an organization's transactions sync, under the lease (sync-lease.ts). Two kinds:
// - full: pages through every transaction, newest first. A reader asks for pages while a writer
//   stores what has arrived, several pages per statement, so the run costs about what paging
//   alone costs. With every batch the oldest transaction_time stored is kept: a run stopped by a
//   restart or a lapsed query token goes on with `before` that instant instead of starting over.
//   (A stored query token is never reused by another process: a token is a cursor at the
//   service, and a page asked for but not stored would be skipped.)
// - changes: asks only for what was created or changed since the last run (`changed` with
//   `after`; the emulator's documented meaning, the facts are silent). The answer is trusted only
//   when every row carries sync_version and the service's total matches the copy afterwards;
//   otherwise the run becomes a full re-read: never a missing gift.
import "server-only";
import { withServiceAccess } from "@/lib/connections/service-access";
import { forgetConnection } from "@/lib/connections/store";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import type { Connection, TransactionSync } from "@/lib/generated/prisma/client";
import { ServiceApiError } from "@/lib/service/errors";
import {
  queryTransactions,
  type QueryAnswer,
  type ServiceTransaction,
  type TransactionQuery,
} from "@/lib/service/transactions";
import { proposeForNewGifts } from "@/lib/templates/match";
import { PageChannel } from "./page-channel";
import { removeUnseen } from "./remove-unseen";
import { releaseSyncLease, takeSyncLease } from "./sync-lease";
import { LeaseLost, type NamesSent, type Previous, storeBatch } from "./store-page";

/** Changes are asked for from a little before the last run began: clocks differ. */
const CHANGES_OVERLAP_MS = 2 * 60_000;
/** A full re-read this often even when changes-only runs look right: the service's meaning of
 *  `changed` is not documented, and this bounds how long a misreading could hide a change. */
const FULL_REREAD_AFTER_MS = 24 * 60 * 60_000;
/** How far the reader may run ahead of the writer, and how many pages one statement stores. */
const LOOKAHEAD_PAGES = 20;
const PAGES_PER_WRITE = 10;
/** Two batches at once keep the app's thread and the database busy together: one batch's
 *  statement is built (and, on PostgreSQL, its rows inserted) while the other is stored. */
const WRITES_AT_ONCE = 2;
/** The reader re-reads the connection row (status, tokens) this often rather than per page: a
 *  read per page waited behind the writer's transaction on the embedded database (pool of 1). */
const CONNECTION_FRESH_MS = 15_000;

export type SyncOutcome = {
  state: "complete" | "unfinished" | "busy";
  /** Gifts copied by this call. */
  copied: number;
  /** Query API calls this call made. */
  calls: number;
};

type Stop = { budgetMs?: number; shouldStop?: () => boolean };
type Page = {
  results: ServiceTransaction[];
  total: number | undefined;
  newQuery: boolean;
  /** Of a new query's total, the gifts at the cursor's instant this run has already counted. */
  overlap: number;
  last: boolean;
};

export async function runSync(connectionId: string, owner: string, stop: Stop = {}): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { state: "unfinished", copied: 0, calls: 0 };
  if (!(await takeSyncLease(connectionId, owner))) return { ...outcome, state: "busy" };
  const deadline = stop.budgetMs === undefined ? Infinity : Date.now() + stop.budgetMs;
  let ended = false;
  const keepGoing = () => !ended && Date.now() <= deadline && !stop.shouldStop?.();
  try {
    let sync = await begin(connectionId);
    if (sync.mode === "changes") {
      const changes = await runChanges(sync, owner, outcome, keepGoing);
      if (changes === "complete") return { ...outcome, state: "complete" };
      if (changes === "stopped") return outcome;
      sync = changes;
    }
    const full = await runFull(sync, owner, outcome, keepGoing);
    return full === "complete" ? { ...outcome, state: "complete" } : outcome;
  } catch (error) {
    // Another process holds the run now; nothing went wrong with it.
    if (error instanceof LeaseLost) return outcome;
    const message = error instanceof Error ? error.message : String(error);
    await db().transactionSync.update({ where: { connectionId }, data: { lastError: message.slice(0, 500) } });
    throw error;
  } finally {
    ended = true;
    await releaseSyncLease(connectionId, owner);
  }
}

/** The run in progress, or a new one: full when no full copy exists or it is old, else changes. */
async function begin(connectionId: string): Promise<TransactionSync> {
  const sync = await db().transactionSync.findUniqueOrThrow({ where: { connectionId } });
  // A changes run stopped midway starts over: it is small, and it has no cursor to resume from.
  if (sync.mode === "full") return sync;
  const fullDue =
    sync.changesSince === null ||
    sync.fullCompletedAt === null ||
    Date.now() - sync.fullCompletedAt.getTime() > FULL_REREAD_AFTER_MS;
  return db().transactionSync.update({
    where: { connectionId },
    data: {
      ...restart(fullDue ? "full" : "changes"),
      runStartedAt: sync.mode === "changes" ? sync.runStartedAt : new Date(),
      lastError: null,
    },
  });
}

function restart(mode: "full" | "changes") {
  return { mode, resumeBefore: null, copied: 0, expected: null };
}

async function runFull(
  sync: TransactionSync,
  owner: string,
  outcome: SyncOutcome,
  keepGoing: () => boolean,
): Promise<"complete" | "stopped"> {
  const { connectionId } = sync;
  const channel = new PageChannel<Page>(LOOKAHEAD_PAGES);
  const reader = readAll(sync, channel, outcome, keepGoing);
  // Batches in flight, oldest first. Each waits for the one before it to commit its progress.
  const writing: Promise<void>[] = [];
  let previous: Previous | undefined;
  let copied = sync.copied;
  const namesSent: NamesSent = new Set();
  try {
    for (;;) {
      const pages = await channel.take(PAGES_PER_WRITE);
      if (pages.length === 0) {
        await Promise.all(writing);
        return "stopped";
      }
      const results = pages.flatMap((p) => p.results);
      const times = results.flatMap((t) => (t.transaction_time ? [Date.parse(t.transaction_time)] : []));
      // The expected count is the service's total for the query that began in this batch.
      let expected: number | undefined;
      let before = copied;
      for (const page of pages) {
        if (page.newQuery && page.total !== undefined) expected = before + page.total - page.overlap;
        before += page.results.length;
      }
      const write = storeBatch(
        { connectionId, owner, namesSent },
        results,
        {
          copied: results.length,
          expected,
          resumeBefore: times.length > 0 ? new Date(Math.min(...times)) : undefined,
        },
        previous,
      );
      // Awaited below; a failure meanwhile must not count as unhandled.
      write.catch(() => undefined);
      writing.push(write);
      previous = { committed: write, ids: new Set(results.map((t) => t.id)) };
      copied += results.length;
      if (writing.length >= WRITES_AT_ONCE) await writing.shift();
      outcome.copied += results.length;
      if (pages.at(-1)?.last) {
        await Promise.all(writing);
        await finish(await db().transactionSync.findUniqueOrThrow({ where: { connectionId } }), outcome);
        return "complete";
      }
    }
  } finally {
    channel.close();
    await reader;
    await Promise.allSettled(writing);
  }
}

/** Pages through the query from `resumeBefore` on, into the channel; never throws (the failure
 *  goes to the writer through the channel). */
async function readAll(
  sync: TransactionSync,
  channel: PageChannel<Page>,
  outcome: SyncOutcome,
  keepGoing: () => boolean,
): Promise<void> {
  const { connectionId } = sync;
  let cursor = sync.resumeBefore;
  // A new query from the cursor reads the gifts at its instant again, and its total counts them:
  // the run's counts (the end of the run removes unseen gifts only when it saw the expected
  // number) must count each gift once.
  let atCursor = new Set<string>();
  let token: string | null = null;
  let connection: { row: Connection; readAt: number } | null = null;
  try {
    if (cursor && sync.runStartedAt) {
      const stored = await db().knownTransaction.findMany({
        where: { connectionId, occurredAt: cursor, syncedAt: { gte: sync.runStartedAt } },
        select: { transactionId: true },
      });
      atCursor = new Set(stored.map((t) => t.transactionId));
    }
    for (;;) {
      await channel.room();
      if (channel.isClosed || !keepGoing()) break;
      // `before` is exclusive in the emulator and undocumented at the service: one millisecond
      // later re-reads the gifts at the cursor's instant rather than risk skipping some.
      const query: TransactionQuery = cursor ? { before: new Date(cursor.getTime() + 1).toISOString() } : {};
      if (connection === null || Date.now() - connection.readAt > CONNECTION_FRESH_MS) {
        const row = await db().connection.findUnique({ where: { id: connectionId } });
        if (!row) throw new Error("The connection is gone.");
        connection = { row, readAt: Date.now() };
      }
      const answer = await readPage(connection.row, token ? { queryToken: token } : { query });
      outcome.calls++;
      if (answer === "token lapsed") {
        token = null;
        continue;
      }
      const more = answer.has_more === true && answer.results.length > 0;
      // A new query from the cursor starts with the gifts at its instant, already stored by this
      // run: they are left out, so the run counts each gift once.
      // A copy: the cursor's set grows below with gifts at its instant read for the first time.
      const again = token === null && cursor ? new Set(atCursor) : new Set<string>();
      const results = again.size > 0 ? answer.results.filter((t) => !again.has(t.id)) : answer.results;
      for (const t of answer.results) {
        const time = t.transaction_time ? Date.parse(t.transaction_time) : null;
        if (time === null) continue;
        if (!cursor || time < cursor.getTime()) {
          cursor = new Date(time);
          atCursor = new Set([t.id]);
        } else if (time === cursor.getTime()) atCursor.add(t.id);
      }
      // Nothing new and no token: the service holds more than a page at the cursor's instant and
      // answers each new query with the same first page of them. Asking again would loop forever.
      if (more && !answer.query_token && results.length === 0 && cursor)
        throw new Error(
          `The service lists more than a page of gifts at ${cursor.toISOString()} without a query token to page through them, so the copy cannot get past that instant.`,
        );
      channel.push({ results, total: answer.total, newQuery: token === null, overlap: again.size, last: !more });
      if (!more) break;
      // has_more without a token: a new query from the cursor goes on.
      token = answer.query_token ?? null;
    }
    channel.close();
  } catch (error) {
    channel.fail(error);
  }
}

/** A changes run: few pages, read and stored one by one. The run's new state, or how it ended. */
async function runChanges(
  sync: TransactionSync,
  owner: string,
  outcome: SyncOutcome,
  keepGoing: () => boolean,
): Promise<"complete" | "stopped" | TransactionSync> {
  const { connectionId } = sync;
  const since = new Date((sync.changesSince ?? new Date(0)).getTime() - CHANGES_OVERLAP_MS);
  let token: string | null = null;
  for (;;) {
    if (!keepGoing()) return "stopped";
    const answer = await readPage(
      connectionId,
      token ? { queryToken: token } : { query: { changed: true, after: since.toISOString() } },
    );
    outcome.calls++;
    // A lapsed token or a row without sync_version: the answer cannot be trusted to be complete.
    if (answer === "token lapsed" || answer.results.some((t) => t.sync_version == null))
      return toFullReread(connectionId);
    const more = answer.has_more === true && answer.results.length > 0;
    await storeBatch({ connectionId, owner }, answer.results, { copied: answer.results.length });
    outcome.copied += answer.results.length;
    if (more && !answer.query_token) return toFullReread(connectionId);
    if (more) {
      token = answer.query_token ?? null;
      continue;
    }
    if (!(await copyMatchesService(connectionId, outcome))) return toFullReread(connectionId);
    await finish(sync, outcome);
    return "complete";
  }
}

async function readPage(
  connection: Connection | string,
  page: { query?: TransactionQuery; queryToken?: string },
): Promise<QueryAnswer | "token lapsed"> {
  return withServiceAccess(connection, (token, target) =>
    queryTransactions(target, token, page).catch((error: unknown) => {
      // An expired or forgotten token is a 400; the run goes on from its own cursor.
      if (page.queryToken && error instanceof ServiceApiError && error.status === 400) return "token lapsed" as const;
      throw error;
    }),
  );
}

/** After a changes run: does the copy hold exactly as many gifts as the service says it has?
 *  Fewer: a change was missed. More: gifts were deleted at the service, which a changes query
 *  cannot show (a deleted gift is simply no longer listed; nothing marks it as changed), so only
 *  the count tells. Either way the run becomes a full re-read, whose end removes what it did not
 *  see (`removeUnseen`). */
async function copyMatchesService(connectionId: string, outcome: SyncOutcome): Promise<boolean> {
  const total = await serviceTotal(connectionId, outcome);
  if (total === undefined) return false;
  const copied = await db().knownTransaction.count({ where: { connectionId } });
  return copied === total;
}

/** How many gifts the service holds now: one query call of one row. */
async function serviceTotal(connectionId: string, outcome: SyncOutcome): Promise<number | undefined> {
  const answer = await withServiceAccess(connectionId, (token, target) =>
    queryTransactions(target, token, { query: {}, perPage: 1 }),
  );
  outcome.calls++;
  return answer.total;
}

function toFullReread(connectionId: string): Promise<TransactionSync> {
  return db().transactionSync.update({ where: { connectionId }, data: restart("full") });
}

async function finish(sync: TransactionSync, outcome: SyncOutcome): Promise<void> {
  const startedAt = sync.runStartedAt ?? new Date();
  // Removing what the run did not see costs one call for the service's total now, made only when
  // there is something to remove: the removal needs what the run saw to match it exactly.
  const removal =
    sync.mode === "full" &&
    sync.runStartedAt !== null &&
    sync.expected !== null &&
    (await db().knownTransaction.count({
      where: { connectionId: sync.connectionId, syncedAt: { lt: sync.runStartedAt } },
    })) > 0
      ? [
          removeUnseen(sync.connectionId, sync.runStartedAt, {
            expected: sync.expected,
            serviceTotal: await serviceTotal(sync.connectionId, outcome),
          }),
        ]
      : [];
  const [removed] = await db().$transaction([
    ...removal,
    db().transactionSync.update({
      where: { connectionId: sync.connectionId },
      data: {
        mode: null,
        resumeBefore: null,
        requestedAt: null,
        lastError: null,
        changesSince: startedAt,
        ...(sync.mode === "full" ? { fullCompletedAt: new Date() } : {}),
      },
    }),
    // A complete run is a successful answer from the service, as a health check's is.
    db().connection.update({
      where: { id: sync.connectionId },
      data: { transactionsSyncedAt: startedAt, lastCheckedAt: new Date() },
    }),
  ]);
  if (removal.length > 0 && typeof removed === "number" && removed > 0)
    log.info("sync.removed_deleted_gifts", { connectionId: sync.connectionId, removed });
  forgetConnection(sync.connectionId); // the session's row says when the copy was last synced
  await newGiftsMeetTemplates(sync.connectionId);
  // After a full copy (possibly 200,000 new rows): fresh statistics for the planner, and a
  // visibility map so that counting the list is an index-only scan. The embedded database has no
  // autovacuum. Best effort: the copy is complete either way.
  if (sync.mode === "full")
    await db()
      .$executeRawUnsafe(`VACUUM (ANALYZE) "KnownTransaction"`)
      .catch(() => undefined);
}

/** The end of every complete run, still under its lease: the gifts new since the last run meet
 *  the organization's templates (lib/templates/match.ts). A failure here never fails the sync:
 *  the look is not moved on, so the next run proposes them. */
async function newGiftsMeetTemplates(connectionId: string): Promise<void> {
  try {
    const outcome = await proposeForNewGifts(connectionId);
    if (outcome.proposed > 0) log.info("templates.proposed", { connectionId, ...outcome });
  } catch (error) {
    log.warn("templates.match_failed", { connectionId, error });
  }
}
