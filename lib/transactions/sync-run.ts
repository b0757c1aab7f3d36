// One run of an organization's transactions sync, under the lease (sync-lease.ts). Two kinds:
// - full: pages through every transaction, newest first (copy-range.ts), a large organization in
//   time windows read at once (sync-windows.ts), each resumable from its own cursor.
// - changes: asks only for what was created or changed since the last run (`changed` with
//   `after`; the emulator's documented meaning, the facts are silent). The answer is trusted only
//   when every row carries sync_version and the service's total matches the copy afterwards;
//   otherwise the run becomes a full re-read: never a missing gift.
import "server-only";
import { withServiceAccess } from "@/lib/connections/service-access";
import { forgetConnection } from "@/lib/connections/store";
import { db } from "@/lib/db";
import { execute } from "@/lib/db-sql";
import { log } from "@/lib/log";
import type { TransactionSync } from "@/lib/generated/prisma/client";
import { queryTransactions } from "@/lib/service/transactions";
import { copyRange, type RunContext } from "./copy-range";
import { readPage } from "./read-page";
import { removeUnseen } from "./remove-unseen";
import { releaseSyncLease, takeSyncLease } from "./sync-lease";
import { LeaseLost, storeBatch } from "./store-page";
import { elsewhereHeld } from "./store-splits";
import { announceSyncFinished } from "./sync-finished";
import { splitsAfterRun, SplitsReading } from "./sync-splits";
import { dropWindows, sumWindows, windowsFor } from "./sync-windows";

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
  // Windows left by a run that ended without finishing (an earlier release's) are not this run's.
  await dropWindows(connectionId);
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
  return { mode, resumeBefore: null, copied: 0, expected: null, splitsMissed: false };
}

/** A full run: as one range, or as windows read at once (sync-windows.ts). */
async function runFull(
  sync: TransactionSync,
  owner: string,
  outcome: SyncOutcome,
  keepGoing: () => boolean,
): Promise<"complete" | "stopped"> {
  const { connectionId } = sync;
  let failed = false;
  const run: RunContext = {
    connectionId,
    owner,
    runStartedAt: sync.runStartedAt,
    namesSent: new Set(),
    splits: SplitsReading.forRun(sync, "full"),
    elsewhere: await elsewhereHeld(connectionId),
    counted: (calls, copied) => {
      outcome.calls += calls;
      outcome.copied += copied;
    },
    // One window failing stops the others: the run ends with its error and resumes later.
    keepGoing: () => !failed && keepGoing(),
  };
  const windows = await windowsFor(sync, (calls) => (outcome.calls += calls), run.splits);
  if (!Array.isArray(windows)) {
    const whole = {
      windowId: null,
      after: null,
      before: null,
      resumeBefore: sync.resumeBefore,
      copied: sync.copied,
      first: windows.first,
    };
    if ((await copyRange(whole, run)) === "stopped") return "stopped";
  } else {
    const ends = await Promise.allSettled(
      windows.map((window) =>
        copyRange(window, run).catch((error: unknown) => {
          failed = true;
          throw error;
        }),
      ),
    );
    const failure = ends.find((end) => end.status === "rejected");
    if (failure) throw failure.reason;
    if (ends.some((end) => end.status === "fulfilled" && end.value === "stopped")) return "stopped";
    await sumWindows(connectionId);
  }
  await finish(await db().transactionSync.findUniqueOrThrow({ where: { connectionId } }), outcome);
  return "complete";
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
  const splits = SplitsReading.forRun(sync, "changes");
  // Asked once, when the query begins: its token goes on as it began.
  const asked = splits.ask;
  let token: string | null = null;
  for (;;) {
    if (!keepGoing()) return "stopped";
    const answer = await readPage(
      connectionId,
      token ? { queryToken: token } : { query: { changed: true, after: since.toISOString() }, withSplits: asked },
    );
    outcome.calls++;
    if (asked) await splits.answered(answer);
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

async function toFullReread(connectionId: string): Promise<TransactionSync> {
  await dropWindows(connectionId);
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
    dropWindows(sync.connectionId),
    db().transactionSync.update({
      where: { connectionId: sync.connectionId },
      data: {
        mode: null,
        resumeBefore: null,
        requestedAt: null,
        lastError: null,
        changesSince: startedAt,
        ...(sync.mode === "full" ? { fullCompletedAt: new Date() } : {}),
        ...splitsAfterRun(sync),
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
  // Still under the lease: no other run of this organization inserts gifts while a listener
  // (templates' look at the new gifts) reads them and moves its mark on (sync-finished.ts).
  await announceSyncFinished({ connectionId: sync.connectionId, outcome: { ...outcome, state: "complete" } });
  // After a full copy (possibly 200,000 new rows): fresh statistics for the planner, and a
  // visibility map so that counting the list is an index-only scan. The embedded database has no
  // autovacuum. Best effort: the copy is complete either way.
  if (sync.mode === "full") await execute`VACUUM (ANALYZE) "KnownTransaction"`.catch(() => undefined);
}
