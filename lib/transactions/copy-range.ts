// The full read of one time range (the whole organization, or one window of a sliced run): a
// reader asks for pages newest first while a writer stores what has arrived, several pages per
// statement, so the range costs about what paging alone costs. With every batch the oldest
// transaction_time stored is kept: a range stopped by a restart or a lapsed query token goes on
// with `before` that instant instead of starting over. (A stored query token is never reused by
// another process: a token is a cursor at the service, and a page asked for but not stored would
// be skipped.)
import "server-only";
import { db } from "@/lib/db";
import type { Connection } from "@/lib/generated/prisma/client";
import type { QueryAnswer, TransactionQuery } from "@/lib/service/transactions";
import { PageChannel } from "./page-channel";
import { readPage } from "./read-page";
import { type NamesSent, type Previous, storeBatch } from "./store-page";
import type { ElsewhereHeld } from "./store-splits";
import type { ServiceTransaction } from "@/lib/service/transactions";
import type { SplitsReading } from "./sync-splits";

/** How far the reader may run ahead of the writer, and how many pages one statement stores. */
const LOOKAHEAD_PAGES = 20;
const PAGES_PER_WRITE = 10;
/** Two batches at once keep the app's thread and the database busy together: one batch's
 *  statement is built (and, on PostgreSQL, its rows inserted) while the other is stored. */
const WRITES_AT_ONCE = 2;
/** The reader re-reads the connection row (status, tokens) this often rather than per page: a
 *  read per page waited behind the writer's transaction on the embedded database (pool of 1). */
const CONNECTION_FRESH_MS = 15_000;

/** What one range reads and where its progress is kept. */
export type Range = {
  /** A window of a sliced run; null: the whole organization, progress on TransactionSync. */
  windowId: string | null;
  /** Gifts at or after this instant (null: no lower bound)... */
  after: Date | null;
  /** ...and before this one (null: no upper bound). */
  before: Date | null;
  /** The oldest transaction_time stored so far by this range's run. */
  resumeBefore: Date | null;
  /** Gifts this range's run has stored. */
  copied: number;
  /** The answer to the range's first query, when it was already asked (and counted). */
  first?: QueryAnswer | null;
};

export type RunContext = {
  connectionId: string;
  owner: string;
  runStartedAt: Date | null;
  namesSent: NamesSent;
  /** Whether new queries ask for the gifts' splits (sync-splits.ts). */
  splits: SplitsReading;
  /** Whether a batch without splits may still have splits made elsewhere to mark deleted. */
  elsewhere: ElsewhereHeld;
  /** Query API calls made, for the run's outcome. */
  counted: (calls: number, copied: number) => void;
  keepGoing: () => boolean;
};

type Page = {
  results: ServiceTransaction[];
  total: number | undefined;
  newQuery: boolean;
  /** Of a new query's total, the gifts at the cursor's instant this run has already counted. */
  overlap: number;
  /** Results outside the range (a bound the service reads otherwise than the emulator, or past
   *  the cursor): left out, and out of the range's expected count. */
  outside: number;
  last: boolean;
};

/** Reads the range to its end ("complete") or until told to stop ("stopped"). */
export async function copyRange(range: Range, run: RunContext): Promise<"complete" | "stopped"> {
  const { connectionId, owner, namesSent, elsewhere } = run;
  const channel = new PageChannel<Page>(LOOKAHEAD_PAGES);
  const reader = readRange(range, run, channel);
  // Batches in flight, oldest first. Each waits for the one before it to commit its progress.
  const writing: Promise<void>[] = [];
  let previous: Previous | undefined;
  let copied = range.copied;
  // The service's count for the range, from the query in progress (less what it left out).
  let expected: number | undefined;
  try {
    for (;;) {
      const pages = await channel.take(PAGES_PER_WRITE);
      if (pages.length === 0) {
        await Promise.all(writing);
        return "stopped";
      }
      const results = pages.flatMap((p) => p.results);
      const times = results.flatMap((t) => (t.transaction_time ? [Date.parse(t.transaction_time)] : []));
      let changed = false;
      let before = copied;
      for (const page of pages) {
        if (page.newQuery && page.total !== undefined) expected = before + page.total - page.overlap;
        if (expected !== undefined && (page.newQuery || page.outside > 0)) {
          expected -= page.outside;
          changed = true;
        }
        before += page.results.length;
      }
      const last = pages.at(-1)?.last === true;
      const write = storeBatch(
        { connectionId, owner, namesSent, elsewhere },
        results,
        {
          copied: results.length,
          expected: changed ? expected : undefined,
          resumeBefore: times.length > 0 ? new Date(Math.min(...times)) : undefined,
          window: range.windowId === null ? undefined : { id: range.windowId, done: last },
        },
        previous,
      );
      // Awaited below; a failure meanwhile must not count as unhandled.
      write.catch(() => undefined);
      writing.push(write);
      previous = { committed: write, ids: new Set(results.map((t) => t.id)) };
      copied += results.length;
      run.counted(0, results.length);
      if (writing.length >= WRITES_AT_ONCE) await writing.shift();
      if (last) {
        await Promise.all(writing);
        return "complete";
      }
    }
  } finally {
    channel.close();
    await reader;
    await Promise.allSettled(writing);
  }
}

/** Pages through the range from its cursor on, into the channel; never throws (the failure goes
 *  to the writer through the channel). */
async function readRange(range: Range, run: RunContext, channel: PageChannel<Page>): Promise<void> {
  const { connectionId } = run;
  let cursor = range.resumeBefore;
  const lowest = range.after?.getTime() ?? -Infinity;
  const highest = range.before?.getTime() ?? Infinity;
  // A new query from the cursor reads the gifts at its instant again, and its total counts them:
  // the run's counts (the end of the run removes unseen gifts only when it saw the expected
  // number) must count each gift once.
  let atCursor = new Set<string>();
  let token: string | null = null;
  // Whether the query under way asked for splits (a query token goes on as its query began).
  let asked = false;
  let connection: { row: Connection; readAt: number } | null = null;
  let first = range.first ?? null;
  try {
    if (cursor && run.runStartedAt) {
      const stored = await db().knownTransaction.findMany({
        where: { connectionId, occurredAt: cursor, syncedAt: { gte: run.runStartedAt } },
        select: { transactionId: true },
      });
      atCursor = new Set(stored.map((t) => t.transactionId));
    }
    for (;;) {
      await channel.room();
      if (channel.isClosed || !run.keepGoing()) break;
      if (connection === null || Date.now() - connection.readAt > CONNECTION_FRESH_MS) {
        const row = await db().connection.findUnique({ where: { id: connectionId } });
        if (!row) throw new Error("The connection is gone.");
        connection = { row, readAt: Date.now() };
      }
      let answer: QueryAnswer | "token lapsed";
      if (!token) asked = run.splits.ask;
      const page = token ? { queryToken: token } : { query: queryOf(range, cursor), withSplits: asked };
      if (first && !token && !cursor) answer = first;
      else {
        answer = await readPage(connection.row, page);
        run.counted(1, 0);
      }
      first = null;
      if (asked) await run.splits.answered(answer);
      if (answer === "token lapsed") {
        token = null;
        continue;
      }
      const more = answer.has_more === true && answer.results.length > 0;
      // A new query from the cursor starts with the gifts at its instant, already stored by this
      // run: they are left out, so the run counts each gift once.
      // A copy: the cursor's set grows below with gifts at its instant read for the first time.
      const again = token === null && cursor ? new Set(atCursor) : new Set<string>();
      const queryCursor = token === null ? (cursor?.getTime() ?? Infinity) : Infinity;
      let outside = 0;
      const results = answer.results.filter((t) => {
        if (again.has(t.id)) return false;
        const time = t.transaction_time ? Date.parse(t.transaction_time) : null;
        // A gift without a time cannot be placed in a window: the service's time filters could
        // not have matched it either, so it is kept where it came.
        if (time === null || (time >= lowest && time < highest && time <= queryCursor)) return true;
        outside++;
        return false;
      });
      for (const t of results) {
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
      channel.push({
        results,
        total: answer.total,
        newQuery: token === null,
        overlap: again.size,
        outside,
        last: !more,
      });
      if (!more) break;
      // has_more without a token: a new query from the cursor goes on.
      token = answer.query_token ?? null;
    }
    channel.close();
  } catch (error) {
    channel.fail(error);
  }
}

/**
 * The query for the range from its cursor. `before` is exclusive in the emulator and undocumented
 * at the service: from a cursor, one millisecond later re-reads the gifts at the cursor's instant
 * rather than risk skipping some, and `after` one millisecond early keeps the window's first
 * instant whichever way the service reads it; what comes back outside the range is left out.
 */
function queryOf(range: Range, cursor: Date | null): TransactionQuery {
  const query: TransactionQuery = {};
  if (range.after) query.after = new Date(range.after.getTime() - 1).toISOString();
  if (cursor) query.before = new Date(cursor.getTime() + 1).toISOString();
  else if (range.before) query.before = range.before.toISOString();
  return query;
}
