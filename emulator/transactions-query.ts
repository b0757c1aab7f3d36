// POST /transactions/query: body validation, filtering and query-token paging. The facts name
// the filters and the paging rules but not their exact semantics; see the README for the choices.
import { randomToken } from "./crypto";
import { parseIsoDate } from "./dates";
import type { Split } from "./imports/model";
import { splitsForPage, type QuerySplit } from "./query-splits";
import type { Organization, Transaction } from "./seed";
import type { QuerySplitsMode } from "./settings";

export const MAX_PER_PAGE = 50;
const DEFAULT_PER_PAGE = 25;
/** The facts: a query token expires after 5 minutes of inactivity. */
export const QUERY_TOKEN_TTL_MS = 5 * 60_000;
/**
 * Unfinished queries one organization may hold at once: each holds a snapshot
 * of its matches, some 6 MB of the emulator's memory over 200,000 gifts. The app's plan of a
 * large organization's first copy leaves up to 25 count queries of one row unfinished and reads
 * up to 16 windows at once (lib/transactions/sync-windows.ts): 41, under this cap.
 */
export const MAX_OPEN_QUERIES = 50;

export type TransactionFilters = {
  campaignId: string | null;
  /** Exclusive bounds on transaction_time, in milliseconds. */
  afterMs: number | null;
  beforeMs: number | null;
  /** Accepted, but the emulator does not know what the service means by them: no effect. */
  linked: boolean | null;
  notLinked: boolean | null;
  /** The emulator's documented choice (README): true makes after/before bound the time a
   *  transaction was created or last changed at the service instead of its transaction_time. */
  changed: boolean | null;
};

export type QueryToken = {
  organizationId: number;
  filters: TransactionFilters;
  perPage: number;
  /** Whether the query asked for each gift's splits (`include: ["splits"]`). */
  splits: boolean;
  /** Index of the first result of the next page. */
  offset: number;
  /** The matches as they stood when the query began: a query reads one snapshot, and paging a
   *  large organization does not filter and sort it again for every page. */
  matches: Transaction[];
  /** Milliseconds on the configured clock; each use renews the token. */
  lastUsedMs: number;
};

export type QueryRequest =
  { kind: "new"; perPage: number; filters: TransactionFilters; splits: boolean } | { kind: "continue"; token: string };

const BODY_KEYS = new Set(["per_page", "query_token", "query", "include"]);
/** What `include` may ask to add to each result. */
const INCLUDABLE = new Set(["splits"]);
const QUERY_KEYS = new Set(["campaign_id", "after", "before", "linked", "not_linked", "changed"]);
const NO_FILTERS: TransactionFilters = {
  campaignId: null,
  afterMs: null,
  beforeMs: null,
  linked: null,
  notLinked: null,
  changed: null,
};

/**
 * The request, or the list of problems (one message each) for a 400 answer. `splitsMode` is the
 * query-splits setting: `refused` makes `include` an unknown field, `ignored` accepts it unread.
 */
export function parseQueryRequest(body: Record<string, unknown>, splitsMode: QuerySplitsMode): QueryRequest | string[] {
  const errors: string[] = [];
  const keys = splitsMode === "refused" ? [...BODY_KEYS].filter((key) => key !== "include") : [...BODY_KEYS];
  for (const key of Object.keys(body)) {
    if (!keys.includes(key)) errors.push(`Unknown field: ${key} (allowed: ${keys.join(", ")})`);
  }
  const perPage = body.per_page ?? DEFAULT_PER_PAGE;
  if (typeof perPage !== "number" || !Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    errors.push(`per_page must be a whole number from 1 to ${MAX_PER_PAGE}, got ${JSON.stringify(perPage)}`);
  }
  const token = body.query_token;
  if (token !== undefined && (typeof token !== "string" || token === "")) {
    errors.push("query_token must be the non-empty string of a previous answer");
  }
  // A query token carries its own filters: a query sent with it is ignored, not checked.
  const filters = token === undefined ? parseFilters(body.query, errors) : NO_FILTERS;
  // The same for include: the token remembers whether splits were asked for.
  const splits = token === undefined && splitsMode === "shown" ? parseInclude(body.include, errors) : false;
  if (errors.length > 0) return errors;
  if (typeof token === "string") return { kind: "continue", token };
  return { kind: "new", perPage: perPage as number, filters, splits };
}

/** `include: ["splits"]` asks for each result's splits; the emulator's choice of name and shape. */
function parseInclude(include: unknown, errors: string[]): boolean {
  if (include === undefined) return false;
  if (!Array.isArray(include) || include.some((item) => typeof item !== "string" || !INCLUDABLE.has(item))) {
    errors.push(
      `include must be a list of what to add to each result, e.g. ["splits"]; got ${JSON.stringify(include)}`,
    );
    return false;
  }
  return include.includes("splits");
}

function parseFilters(query: unknown, errors: string[]): TransactionFilters {
  if (query === undefined) return NO_FILTERS;
  if (typeof query !== "object" || query === null || Array.isArray(query)) {
    errors.push("query must be an object of filters");
    return NO_FILTERS;
  }
  const fields = query as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (!QUERY_KEYS.has(key)) {
      errors.push(`Unknown filter: query.${key} (allowed: ${[...QUERY_KEYS].join(", ")})`);
    }
  }
  const campaignId = fields.campaign_id;
  if (campaignId !== undefined && (typeof campaignId !== "string" || campaignId.trim() === "")) {
    errors.push("query.campaign_id must be a non-empty string");
  }
  const date = (name: "after" | "before"): number | null => {
    const value = fields[name];
    if (value === undefined) return null;
    const ms = typeof value === "string" ? parseIsoDate(value) : null;
    if (ms === null) {
      errors.push(
        `query.${name} must be an ISO 8601 date or date-time with a zone, e.g. "2026-01-05" or "2026-01-05T00:00:00Z"; got ${JSON.stringify(value)}`,
      );
    }
    return ms;
  };
  const flag = (name: "linked" | "not_linked" | "changed"): boolean | null => {
    const value = fields[name];
    if (value === undefined) return null;
    if (typeof value !== "boolean") errors.push(`query.${name} must be true or false`);
    return typeof value === "boolean" ? value : null;
  };
  return {
    campaignId: typeof campaignId === "string" ? campaignId.trim() : null,
    afterMs: date("after"),
    beforeMs: date("before"),
    linked: flag("linked"),
    notLinked: flag("not_linked"),
    changed: flag("changed"),
  };
}

/** Newest first, then by id, so that pages are stable. */
export function matchingTransactions(org: Organization, filters: TransactionFilters): Transaction[] {
  const keyed: { time: number; t: Transaction }[] = [];
  for (const t of org.transactions) {
    const time = Date.parse(t.transaction_time);
    const bound = filters.changed === true ? t.changed_ms : time;
    if (filters.campaignId !== null && t.campaign_id !== filters.campaignId) continue;
    if (filters.afterMs !== null && !(bound > filters.afterMs)) continue;
    if (filters.beforeMs !== null && !(bound < filters.beforeMs)) continue;
    keyed.push({ time, t });
  }
  keyed.sort((a, b) => {
    if (a.time !== b.time) return b.time - a.time;
    const [x, y] = [a.t.transaction_id, b.t.transaction_id];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return keyed.map((k) => k.t);
}

export function transactionJson(t: Transaction) {
  return {
    id: t.transaction_id,
    external_id: t.external_id,
    amount_in_cents: t.amount_in_cents,
    currency: t.currency,
    transaction_time: t.transaction_time,
    campaign: t.campaign,
    campaign_id: t.campaign_id,
    fund: t.fund,
    fund_id: t.fund_id,
    contact_name: t.contact_name,
    transaction_type: t.transaction_type,
    sync_version: t.sync_version,
  };
}

/** `sync_version` is left out under the setting `query_sync_version: absent` (routes/transactions.ts). */
export type QueryResult = Omit<ReturnType<typeof transactionJson>, "sync_version"> & {
  sync_version?: number;
  splits?: QuerySplit[];
};

export type QueryPage = {
  results: QueryResult[];
  total: number;
  has_more: boolean;
  query_token: string | null;
};

/**
 * One page from `offset`. When more remain, the same token (or a new one for a new query) is
 * renewed and returned; once the last page is served the token is forgotten. `heldSplits`: the
 * organization's splits, shown on each result when the query asked for them; null when the
 * service cannot show them (the query-splits setting), so no result carries `splits`.
 */
export function answerPage(
  tokens: Map<string, QueryToken>,
  org: Organization,
  cursor: {
    filters: TransactionFilters;
    perPage: number;
    splits: boolean;
    offset: number;
    token: string | null;
    matches?: Transaction[];
  },
  nowMs: number,
  heldSplits: readonly Split[] | null,
): QueryPage {
  const all = cursor.matches ?? matchingTransactions(org, cursor.filters);
  const end = cursor.offset + cursor.perPage;
  const page = all.slice(cursor.offset, end);
  const hasMore = end < all.length;
  let token: string | null = null;
  if (hasMore) {
    token = cursor.token ?? randomToken();
    tokens.set(token, {
      organizationId: org.id,
      filters: cursor.filters,
      perPage: cursor.perPage,
      splits: cursor.splits,
      offset: end,
      lastUsedMs: nowMs,
      matches: all,
    });
  } else if (cursor.token !== null) {
    tokens.delete(cursor.token);
  }
  const results: QueryResult[] = page.map(transactionJson);
  if (cursor.splits && heldSplits !== null) {
    const splits = splitsForPage(org, heldSplits, page);
    for (const result of results) result.splits = splits.get(result.id) ?? [];
  }
  return { results, total: all.length, has_more: hasMore, query_token: token };
}

/**
 * Drops the snapshot of every expired token at once (it can never be paged again, and a large
 * organization's snapshot is megabytes), and forgets tokens abandoned long ago; recently expired
 * ones stay, without their snapshot, to answer "expired", not "unknown".
 */
export function pruneQueryTokens(tokens: Map<string, QueryToken>, nowMs: number): void {
  for (const [value, token] of tokens) {
    const idle = nowMs - token.lastUsedMs;
    if (idle > 12 * QUERY_TOKEN_TTL_MS) tokens.delete(value);
    else if (idle >= QUERY_TOKEN_TTL_MS && token.matches.length > 0) token.matches = [];
  }
}

/**
 * Null when the organization may begin one more query; else the seconds until its least recently
 * used one lapses (a Retry-After). Lapsed tokens hold no snapshot and do not count.
 */
export function openQueriesFull(tokens: Map<string, QueryToken>, organizationId: number, nowMs: number): number | null {
  let open = 0;
  let oldest = Infinity;
  for (const token of tokens.values()) {
    if (token.organizationId !== organizationId || nowMs - token.lastUsedMs >= QUERY_TOKEN_TTL_MS) continue;
    open++;
    oldest = Math.min(oldest, token.lastUsedMs);
  }
  if (open < MAX_OPEN_QUERIES) return null;
  return Math.max(1, Math.ceil((oldest + QUERY_TOKEN_TTL_MS - nowMs) / 1000));
}

/** How often a running emulator drops expired snapshots when no query comes to do it. */
export const QUERY_TOKEN_SWEEP_MS = 30_000;
