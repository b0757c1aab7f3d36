// A first copy (any full run) of a large organization is cut into time windows read at once: at a
// few hundred milliseconds a call, one reader of 4,001 pages needs ten minutes whatever the
// database does. How many windows are read together is up to the connection's adaptive limit:
// each page is one call through it (lib/connections/service-limits.ts).
//
// The service tells its total for any query in one call of one row, so the plan is balanced by
// counts, not by time: totals `before` instants further and further back find where the gifts
// begin, then totals at evenly spaced instants give the cumulative count, and the edges are put
// where it crosses each window's share (most gifts are recent, and December's are many more).
// Each window keeps its own cursor and counts (TransactionSyncWindow), so a restart or a lapsed
// query token costs one window a page, not the run.
import "server-only";
import { db } from "@/lib/db";
import type { TransactionSync } from "@/lib/generated/prisma/client";
import type { QueryAnswer } from "@/lib/service/transactions";
import type { Range } from "./copy-range";
import { readPage } from "./read-page";
import type { SplitsReading } from "./sync-splits";

/** Below `fromGifts` one reader is quick enough (200 pages, about half a minute at 150 ms a call)
 *  for the plan's 26 calls to be worth it; a window per `giftsPerWindow`. Tests lower them to
 *  slice a small organization (tests/integration/transactions-sync-windows.test.ts). */
export const SLICING = { fromGifts: 10_000, giftsPerWindow: 2_500 };
/** At most this many windows: the adaptive limit's ceiling of calls at once. */
const MAX_WINDOWS = 16;
/** Cumulative counts taken between the oldest and newest gift to place the edges. Few: each is a
 *  new query the service must count (the emulator sorts its whole list for it). */
const SAMPLES = 16;
const DAY_MS = 86_400_000;
/** How far back the search for the oldest gift goes: 4^8 days, about 179 years, in 9 steps. */
const LOOKBACK_STEPS = 9;

/**
 * The windows still to read of this run: those stored (a resumed run; [] when every window is
 * read), or a new plan when the run has not begun. `first`: the run reads as one range (a small
 * organization, a service without totals, or a run an earlier release began), starting with the
 * page the plan asked for, so a small organization's copy costs no call more than before.
 */
export async function windowsFor(
  sync: TransactionSync,
  counted: (calls: number) => void,
  splits: SplitsReading,
): Promise<Range[] | { first: QueryAnswer | null }> {
  const { connectionId } = sync;
  const stored = await db().transactionSyncWindow.findMany({ where: { connectionId }, orderBy: { position: "asc" } });
  if (stored.length === 0) {
    if (sync.copied > 0 || sync.resumeBefore !== null) return { first: null };
    const plan = await planWindows(connectionId, counted, splits);
    if ("first" in plan) return plan;
    await db().$transaction([
      db().transactionSyncWindow.createMany({
        data: plan.edges.map((edge, position) => ({ connectionId, position, after: edge.after, before: edge.before })),
      }),
      // Progress shows "of about" the service's total until every window has counted its own.
      db().transactionSync.update({ where: { connectionId }, data: { expected: plan.total } }),
    ]);
    return windowsFor(sync, counted, splits);
  }
  return stored
    .filter((w) => !w.done)
    .map((w) => ({
      windowId: w.id,
      after: w.after,
      before: w.before,
      resumeBefore: w.resumeBefore,
      copied: w.copied,
    }));
}

/** Once every window is read: the run's expected count is the sum of theirs (null when one could
 *  not count, and then nothing is removed at the end). */
export async function sumWindows(connectionId: string): Promise<void> {
  const windows = await db().transactionSyncWindow.findMany({ where: { connectionId }, select: { expected: true } });
  const expected = windows.every((w) => w.expected !== null)
    ? windows.reduce((sum, w) => sum + (w.expected ?? 0), 0)
    : null;
  await db().transactionSync.update({ where: { connectionId }, data: { expected } });
}

export function dropWindows(connectionId: string) {
  return db().transactionSyncWindow.deleteMany({ where: { connectionId } });
}

type Edge = { after: Date | null; before: Date | null };

async function planWindows(
  connectionId: string,
  counted: (calls: number) => void,
  splits: SplitsReading,
): Promise<{ edges: Edge[]; total: number } | { first: QueryAnswer | null }> {
  // With splits: a small organization's copy starts with this page. Asked before the windows
  // begin, so a service that refuses splits is found once, not once per window.
  const asked = splits.ask;
  const head = await readPage(connectionId, { query: {}, withSplits: asked });
  counted(1);
  if (asked) await splits.answered(head);
  if (head === "token lapsed") return { first: null };
  const newest = head.results[0]?.transaction_time;
  const total = head.total;
  if (total === undefined || total < SLICING.fromGifts || !newest) return { first: head };
  const newestMs = Date.parse(newest);
  const countBefore = async (ms: number): Promise<number | null> => {
    const answer = await readPage(connectionId, { query: { before: new Date(ms).toISOString() }, perPage: 1 });
    counted(1);
    return answer === "token lapsed" ? null : (answer.total ?? null);
  };
  const spans = Array.from({ length: LOOKBACK_STEPS }, (_, k) => 4 ** k * DAY_MS);
  const back = await Promise.all(spans.map((span) => countBefore(newestMs - span)));
  const reach = back.findIndex((count) => count === 0);
  if (back.includes(null) || reach === -1) return { first: null };
  const oldestMs = newestMs - (spans[reach] ?? 0);
  const endMs = newestMs + 1;
  const points = Array.from({ length: SAMPLES - 1 }, (_, i) =>
    Math.round(oldestMs + ((endMs - oldestMs) * (i + 1)) / SAMPLES),
  );
  const sampled = await Promise.all(points.map(countBefore));
  if (sampled.includes(null)) return { first: null };
  const curve = [
    { at: oldestMs, count: 0 },
    ...points.map((at, i) => ({ at, count: sampled[i] ?? 0 })),
    { at: endMs, count: total },
  ];
  return { edges: edgesFor(curve, Math.min(MAX_WINDOWS, Math.ceil(total / SLICING.giftsPerWindow))), total };
}

/** Edges where the cumulative count crosses each window's share (linear between samples); the
 *  first window has no lower bound and the last no upper one, so nothing falls outside. */
export function edgesFor(curve: { at: number; count: number }[], windows: number): Edge[] {
  const total = curve.at(-1)?.count ?? 0;
  const cuts: number[] = [];
  for (let j = 1; j < windows; j++) {
    const share = (total * j) / windows;
    const i = curve.findIndex((p) => p.count >= share);
    const high = curve[i];
    const low = curve[i - 1];
    if (!high || !low) continue;
    const fraction = high.count === low.count ? 0 : (share - low.count) / (high.count - low.count);
    const at = Math.round(low.at + fraction * (high.at - low.at));
    if (at > (cuts.at(-1) ?? -Infinity)) cuts.push(at);
  }
  const bounds = [null, ...cuts.map((at) => new Date(at)), null];
  return bounds.slice(1).map((before, i) => ({ after: bounds[i] ?? null, before }));
}
