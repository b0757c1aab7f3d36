// Which submissions a History page (or a page of its CSV) shows: newest first, by status and by
// where they came from, in one statement. Where a submission came from is read from what it is
// tied to, not stored on it: a bulk draft (a file or a rule), inbox items (a template's proposal,
// approved by the admin or sent automatically), or nothing (the split editor). Inbox items name
// their submission without a foreign key, so the source filter is SQL (EXISTS), not a Prisma
// relation filter.
import "server-only";
import { z } from "zod";
import { fragment, raw, sql, utcInstant } from "@/lib/db-sql";

export const HISTORY_STATUSES = [
  "in_progress",
  "checking",
  "verified",
  "differs",
  "could_not_verify",
  "failed",
] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];
export const HISTORY_SOURCES = ["editor", "csv", "rule", "template", "automatic"] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

/** The list's filters, from the page's address; anything unknown is no filter. */
export const historyFiltersSchema = z.object({
  status: z.enum(HISTORY_STATUSES).optional().catch(undefined),
  source: z.enum(HISTORY_SOURCES).optional().catch(undefined),
});
export type HistoryFilters = z.infer<typeof historyFiltersSchema>;

const DONE = `s.status IN ('complete', 'complete_with_drops')`;

/** Each filter is one of the states of lib/submissions/submission-state.ts; "in progress" is
 *  Sending, or Waiting for reconnect while the connection is not active. */
const STATUS_SQL: Record<HistoryStatus, string> = {
  in_progress: `s.status IN ('sending', 'processing')`,
  checking: `${DONE} AND (s.verification IS NULL OR s.verification = 'pending')`,
  verified: `${DONE} AND s.verification = 'verified'`,
  differs: `${DONE} AND s.verification = 'differs'`,
  could_not_verify: `${DONE} AND s.verification = 'could_not_verify'`,
  failed: `s.status = 'needs_attention'`,
};

const DRAFT = (source: string) =>
  `EXISTS (SELECT 1 FROM "BulkDraft" d WHERE d."submissionId" = s.id${source ? ` AND d.source = '${source}'` : ""})`;
const INBOX = (automatic: boolean | null) =>
  `EXISTS (SELECT 1 FROM "InboxItem" i WHERE i."connectionId" = s."connectionId" AND i."submissionId" = s.id${
    automatic === null ? "" : ` AND i."sentAutomatically" = ${automatic}`
  })`;

const SOURCE_SQL: Record<HistorySource, string> = {
  editor: `NOT ${DRAFT("")} AND NOT ${INBOX(null)}`,
  csv: DRAFT("csv"),
  rule: DRAFT("rule"),
  // Approved in "To allocate": the admin pressed Send; automatic: the worker sent it.
  template: `${INBOX(false)} AND NOT ${INBOX(true)}`,
  automatic: INBOX(true),
};

export type HistoryCursor = { createdAt: Date; id: string };

/** The ids of one page, newest first (ties by id), after the cursor's submission when given. */
export async function historyPageIds(
  connectionId: string,
  filters: HistoryFilters,
  take: number,
  after: HistoryCursor | null = null,
): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    SELECT s.id FROM "Submission" s
     WHERE s."connectionId" = ${connectionId}::uuid
       AND ${raw(filters.status ? STATUS_SQL[filters.status] : "true")}
       AND ${raw(filters.source ? SOURCE_SQL[filters.source] : "true")}
       AND ${after ? fragment`(s."createdAt", s.id) < (${utcInstant(after.createdAt)}, ${after.id}::uuid)` : raw("true")}
     ORDER BY s."createdAt" DESC, s.id DESC
     LIMIT ${take}::int`;
  return rows.map((r) => r.id);
}

/** Puts rows read by id back in the page's order. */
export function inPageOrder<T extends { id: string }>(ids: readonly string[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
