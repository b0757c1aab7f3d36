// One run of an organization's transactions sync, under the lease (sync-lease.ts). Two kinds:
// - full: pages through every transaction, newest first. After each page the oldest
//   transaction_time stored is kept, so a run stopped by a restart or a lapsed query token goes
//   on with `before` that instant instead of starting over.
// - changes: asks only for what was created or changed since the last run (`changed` with
//   `after`; the emulator's documented meaning, the facts are silent). The answer is trusted only
//   when every row carries sync_version and the service's total matches the copy afterwards;
//   otherwise the run becomes a full re-read: never a missing gift.
import "server-only";
import { withServiceAccess } from "@/lib/connections/service-access";
import { db } from "@/lib/db";
import type { TransactionSync } from "@/lib/generated/prisma/client";
import { ServiceApiError } from "@/lib/service/errors";
import { queryTransactions, type QueryAnswer, type TransactionQuery } from "@/lib/service/transactions";
import { releaseSyncLease, renewSyncLease, takeSyncLease } from "./sync-lease";
import { storePage } from "./store-page";

/** Query tokens lapse after 5 minutes of inactivity; one idle for 4 is not relied on. */
const TOKEN_TRUSTED_MS = 4 * 60_000;
/** Changes are asked for from a little before the last run began: clocks differ. */
const CHANGES_OVERLAP_MS = 2 * 60_000;
/** A full re-read this often even when changes-only runs look right: the service's meaning of
 *  `changed` is not documented, and this bounds how long a misreading could hide a change. */
const FULL_REREAD_AFTER_MS = 24 * 60 * 60_000;

export type SyncOutcome = {
  state: "complete" | "unfinished" | "busy";
  /** Gifts copied by this call. */
  copied: number;
  /** Query API calls this call made. */
  calls: number;
};

type Stop = { budgetMs?: number; shouldStop?: () => boolean };

type Request = { query?: TransactionQuery; queryToken?: string };
type Pending = { request: Request; answer: Promise<QueryAnswer | "token lapsed"> };

export async function runSync(connectionId: string, owner: string, stop: Stop = {}): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { state: "unfinished", copied: 0, calls: 0 };
  if (!(await takeSyncLease(connectionId, owner))) return { ...outcome, state: "busy" };
  const deadline = stop.budgetMs === undefined ? Infinity : Date.now() + stop.budgetMs;
  const keepGoing = () => Date.now() <= deadline && !stop.shouldStop?.();
  try {
    let sync = await begin(connectionId);
    let pending: Pending | null = null;
    for (;;) {
      if (pending === null) {
        if (!keepGoing()) return outcome;
        pending = fetchPage(connectionId, requestFor(sync));
      }
      const { request } = pending;
      const answer = await pending.answer;
      pending = null;
      outcome.calls++;
      if (!(await renewSyncLease(connectionId, owner))) return outcome;
      // The next page is asked for while this one is stored: the run then costs about what
      // paging alone costs, not paging plus storing.
      if (
        answer !== "token lapsed" &&
        answer.has_more &&
        answer.query_token &&
        answer.results.length > 0 &&
        keepGoing()
      ) {
        pending = fetchPage(connectionId, { queryToken: answer.query_token });
      }
      const next = await handle(sync, request, answer, outcome);
      if (next === "complete") return { ...outcome, state: "complete" };
      // A run that changed course (a lapsed token, a full re-read) does not use what was asked
      // for on the old course.
      if (next.mode !== sync.mode || next.queryToken === null) pending = null;
      sync = next;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db().transactionSync.update({ where: { connectionId }, data: { lastError: message.slice(0, 500) } });
    throw error;
  } finally {
    await releaseSyncLease(connectionId, owner);
  }
}

function fetchPage(connectionId: string, request: Request): Pending {
  const answer = readPage(connectionId, request);
  // A page asked for ahead may be dropped unread; its failure must not go unhandled.
  answer.catch(() => undefined);
  return { request, answer };
}

function requestFor(sync: TransactionSync): Request {
  const tokenFresh =
    sync.queryToken !== null && sync.tokenUsedAt !== null && Date.now() - sync.tokenUsedAt.getTime() < TOKEN_TRUSTED_MS;
  return tokenFresh && sync.queryToken ? { queryToken: sync.queryToken } : { query: queryFor(sync) };
}

/** The run in progress, or a new one: full when no full copy exists or it is old, else changes. */
async function begin(connectionId: string): Promise<TransactionSync> {
  const sync = await db().transactionSync.findUniqueOrThrow({ where: { connectionId } });
  if (sync.mode !== null) return sync;
  const fullDue =
    sync.changesSince === null ||
    sync.fullCompletedAt === null ||
    Date.now() - sync.fullCompletedAt.getTime() > FULL_REREAD_AFTER_MS;
  return db().transactionSync.update({
    where: { connectionId },
    data: { ...restart(fullDue ? "full" : "changes"), runStartedAt: new Date(), lastError: null },
  });
}

function restart(mode: "full" | "changes") {
  return { mode, queryToken: null, tokenUsedAt: null, resumeBefore: null, copied: 0, expected: null };
}

async function handle(
  sync: TransactionSync,
  request: Request,
  answer: QueryAnswer | "token lapsed",
  outcome: SyncOutcome,
): Promise<TransactionSync | "complete"> {
  const { connectionId } = sync;
  if (answer === "token lapsed") {
    return db().transactionSync.update({ where: { connectionId }, data: { queryToken: null, tokenUsedAt: null } });
  }
  if (sync.mode === "changes" && answer.results.some((t) => t.sync_version == null)) {
    return toFullReread(connectionId);
  }
  const now = new Date();
  const times = answer.results.flatMap((t) => (t.transaction_time ? [Date.parse(t.transaction_time)] : []));
  const oldest = times.length > 0 ? new Date(Math.min(...times)) : sync.resumeBefore;
  const more = answer.has_more === true && answer.results.length > 0;
  const newQuery = request.queryToken === undefined;
  const [, next] = await db().$transaction([
    storePage(connectionId, answer.results, now),
    db().transactionSync.update({
      where: { connectionId },
      data: {
        copied: { increment: answer.results.length },
        expected: newQuery && answer.total !== undefined ? sync.copied + answer.total : undefined,
        resumeBefore: sync.mode === "full" ? oldest : null,
        queryToken: more ? (answer.query_token ?? null) : null,
        tokenUsedAt: now,
      },
    }),
  ]);
  outcome.copied += answer.results.length;
  if (more) {
    // has_more without a token: a changes run cannot continue, a full one goes on from its cursor.
    if (!answer.query_token && sync.mode === "changes") return toFullReread(connectionId);
    return next;
  }
  if (sync.mode === "changes" && !(await copyMatchesService(connectionId, outcome))) return toFullReread(connectionId);
  await finish(next);
  return "complete";
}

function queryFor(sync: TransactionSync): TransactionQuery {
  if (sync.mode === "changes" && sync.changesSince) {
    return { changed: true, after: new Date(sync.changesSince.getTime() - CHANGES_OVERLAP_MS).toISOString() };
  }
  // `before` is exclusive in the emulator and undocumented at the service: one millisecond later
  // re-reads the gifts at the cursor's instant rather than risk skipping some.
  return sync.resumeBefore ? { before: new Date(sync.resumeBefore.getTime() + 1).toISOString() } : {};
}

async function readPage(
  connectionId: string,
  page: { query?: TransactionQuery; queryToken?: string },
): Promise<QueryAnswer | "token lapsed"> {
  return withServiceAccess(connectionId, (token, target) =>
    queryTransactions(target, token, page).catch((error: unknown) => {
      // An expired or forgotten token is a 400; the run goes on from its own cursor.
      if (page.queryToken && error instanceof ServiceApiError && error.status === 400) return "token lapsed" as const;
      throw error;
    }),
  );
}

/** After a changes run: does the copy hold as many gifts as the service says it has? */
async function copyMatchesService(connectionId: string, outcome: SyncOutcome): Promise<boolean> {
  const answer = await withServiceAccess(connectionId, (token, target) =>
    queryTransactions(target, token, { query: {}, perPage: 1 }),
  );
  outcome.calls++;
  if (answer.total === undefined) return false;
  const copied = await db().knownTransaction.count({ where: { connectionId } });
  return copied >= answer.total;
}

function toFullReread(connectionId: string): Promise<TransactionSync> {
  return db().transactionSync.update({ where: { connectionId }, data: restart("full") });
}

async function finish(sync: TransactionSync): Promise<void> {
  const startedAt = sync.runStartedAt ?? new Date();
  await db().$transaction([
    db().transactionSync.update({
      where: { connectionId: sync.connectionId },
      data: {
        mode: null,
        queryToken: null,
        tokenUsedAt: null,
        resumeBefore: null,
        requestedAt: null,
        lastError: null,
        changesSince: startedAt,
        ...(sync.mode === "full" ? { fullCompletedAt: new Date() } : {}),
      },
    }),
    db().connection.update({ where: { id: sync.connectionId }, data: { transactionsSyncedAt: startedAt } }),
  ]);
}
