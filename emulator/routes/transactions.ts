// POST /transactions/query (facts, "Querying"): the organization's original transactions, newest
// first, paged with a query token; with `include: ["splits"]`, each with its splits.
import type { Hono } from "hono";
import { readJsonObject } from "../http";
import type { EmulatorDeps } from "../state";
import {
  MAX_OPEN_QUERIES,
  QUERY_TOKEN_TTL_MS,
  answerPage,
  openQueriesFull,
  parseQueryRequest,
  pruneQueryTokens,
  type QueryPage,
} from "../transactions-query";
import { API_PREFIX, NOT_JSON_OBJECT, lacksScope, refuse, refuseAll, type ApiEnv } from "./api-common";

const TOO_MANY_QUERIES = `Too many open queries: this organization holds ${MAX_OPEN_QUERIES} unfinished queries, the most it may. Read one to its last page, or wait for one to lapse (5 minutes after its last use).`;

export function transactionRoutes(app: Hono<ApiEnv>, { state, config }: EmulatorDeps): void {
  app.post(`${API_PREFIX}/transactions/query`, async (c) => {
    const denied = lacksScope(c, "data_query");
    if (denied) return denied;
    // An empty body is a query with every default. (Hono caches the body, so it can be read twice.)
    const body = (await c.req.text()).trim() === "" ? {} : await readJsonObject(c);
    if (body === null) return refuse(c, 400, NOT_JSON_OBJECT);
    const request = parseQueryRequest(body, state.settings.querySplits);
    if (Array.isArray(request)) return refuseAll(c, request);

    const org = state.organizations.get(c.get("grant").organizationId);
    if (org === undefined) return refuse(c, 404, "Organization not found");
    const now = config.now();
    pruneQueryTokens(state.queryTokens, now);
    // Read when each page is answered: a test may switch the setting between pages.
    const held = state.settings.querySplits === "shown" ? (state.splits.get(org.id) ?? []) : null;

    let page: QueryPage;
    if (request.kind === "new") {
      // A cap on unfinished queries, as services cap open cursors: 429, since waiting frees one.
      const retryAfter = openQueriesFull(state.queryTokens, org.id, now);
      if (retryAfter !== null)
        return c.json({ valid: false, errors: [TOO_MANY_QUERIES] }, 429, { "Retry-After": String(retryAfter) });
      page = answerPage(state.queryTokens, org, { ...request, offset: 0, token: null }, now, held);
    } else {
      const stored = state.queryTokens.get(request.token);
      // Another organization's token is as unknown as a made-up one.
      if (stored === undefined || stored.organizationId !== org.id) return refuse(c, 400, "Unknown query token");
      if (now - stored.lastUsedMs >= QUERY_TOKEN_TTL_MS) return refuse(c, 400, "Query token expired");
      page = answerPage(state.queryTokens, org, { ...stored, token: request.token }, now, held);
    }
    // The setting `query_sync_version: absent` plays a service without a change counter.
    if (state.settings.querySyncVersion === "absent") page = withoutSyncVersion(page);
    // The setting `query_paging: no_token` plays a service that announces more without a cursor.
    // Such a service holds no cursor either: the snapshot nobody can continue is dropped, so it
    // never counts against the cap on open queries.
    if (state.settings.service.query_paging === "no_token") {
      if (page.query_token) state.queryTokens.delete(page.query_token);
      return c.json({ ...page, query_token: null }, 200);
    }
    return c.json(page, 200);
  });
}

/** The page with no `sync_version` key on any result (not null: absent, as a service without it). */
function withoutSyncVersion(page: QueryPage): QueryPage {
  return { ...page, results: page.results.map(({ sync_version: _omitted, ...rest }) => rest) };
}
