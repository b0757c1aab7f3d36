// Imports: create (spec operation 4), status of one, stats (facts), and the listing with its
// notifications (spec operation 5, whose real path is not shown: the emulator chose /imports/list).
import type { Context, Hono } from "hono";
import { readJsonObject } from "../http";
import { parseImportRequest } from "../imports/import-request";
import { rowTextProblems } from "../imports/row-text";
import { importRecordJson, importWithNotificationsJson, type ImportJob } from "../imports/model";
import { pendingImports, submitImport } from "../imports/queue";
import type { EmulatorDeps } from "../state";
import { API_PREFIX, NOT_JSON_OBJECT, lacksScope, refuse, refuseAll, type ApiEnv } from "./api-common";

const MAX_LIST_PER_PAGE = 50;
const OTHER_STATUS_NAMES: Record<string, string> = { Pending: "Queued", Working: "Running", Complete: "Done" };

export function importRoutes(app: Hono<ApiEnv>, deps: EmulatorDeps): void {
  const { state } = deps;
  // The setting `import_statuses: other` names the states differently from the facts.
  const named = <T extends { status: string }>(record: T): T =>
    state.settings.service.import_statuses === "documented"
      ? record
      : { ...record, status: OTHER_STATUS_NAMES[record.status] ?? record.status };
  const importsOf = (c: Context<ApiEnv>): ImportJob[] =>
    [...state.imports.values()].filter((job) => job.organizationId === c.get("grant").organizationId);

  // Its body is limited with every other (body-limit.ts, mounted first in server.ts).
  app.post(`${API_PREFIX}/imports`, async (c) => {
    const denied = lacksScope(c, "data_add");
    if (denied) return denied;
    const body = await readJsonObject(c);
    if (body === null) return refuse(c, 400, NOT_JSON_OBJECT);
    const request = parseImportRequest(body);
    if (Array.isArray(request)) return refuseAll(c, request);
    const badText = rowTextProblems(request.rows);
    if (badText.length > 0) return c.json({ valid: false, errors: badText }, 422);
    const grant = c.get("grant");
    const job = submitImport(deps, {
      organizationId: grant.organizationId,
      clientId: grant.clientId,
      format: request.format,
      action: request.action,
      matchBy: request.matchBy,
      rows: request.rows,
    });
    // The answer seen in an unofficial client: lower-case "pending", unlike the status endpoint.
    return c.json({ id: job.id, status: "pending" }, 200);
  });

  // Registered before /imports/:id, and :id only matches digits, so neither is shadowed.
  app.get(`${API_PREFIX}/imports/stats`, (c) => {
    const denied = lacksScope(c, "basic");
    if (denied) return denied;
    const pending = pendingImports(deps, c.get("grant").organizationId);
    return c.json(
      {
        sync_enabled: true,
        message: pending === 0 ? "No import jobs are pending" : `${pending} import job(s) pending`,
        pending_jobs: pending,
        pending_updates: 0,
      },
      200,
    );
  });

  // The listing lives at /imports/list, or at /imports/notifications with the setting
  // `imports_listing: notifications`; the other path is then not found.
  const listing = (where: "list" | "notifications") => (c: Context<ApiEnv>) => {
    if (state.settings.service.imports_listing !== where) {
      return c.json({ valid: false, errors: [`Not found: GET ${c.req.path}`] }, 404);
    }
    const denied = lacksScope(c, "basic");
    if (denied) return denied;
    const errors: string[] = [];
    const page = positiveInteger(c.req.query("page"), 1, Number.MAX_SAFE_INTEGER, "page", errors);
    const perPage = positiveInteger(c.req.query("per_page"), 25, MAX_LIST_PER_PAGE, "per_page", errors);
    const importId = positiveInteger(c.req.query("import_id"), null, Number.MAX_SAFE_INTEGER, "import_id", errors);
    if (errors.length > 0) return refuseAll(c, errors);
    const matching = importsOf(c)
      .filter((job) => importId === null || job.id === importId)
      .sort((a, b) => b.id - a.id);
    const start = (page - 1) * perPage;
    const end = start + perPage;
    return c.json(
      {
        imports: matching.slice(start, end).map((job) => named(importWithNotificationsJson(job))),
        page,
        per_page: perPage,
        has_more: end < matching.length,
      },
      200,
    );
  };
  app.get(`${API_PREFIX}/imports/list`, listing("list"));
  app.get(`${API_PREFIX}/imports/notifications`, listing("notifications"));

  app.get(`${API_PREFIX}/imports/:id{[0-9]+}`, (c) => {
    const denied = lacksScope(c, "basic");
    if (denied) return denied;
    const job = state.imports.get(Number(c.req.param("id")));
    // Another organization's import is answered exactly like one that does not exist.
    if (job === undefined || job.organizationId !== c.get("grant").organizationId) {
      return refuse(c, 404, `Import ${c.req.param("id")} not found`);
    }
    return c.json(named(importRecordJson(job)), 200);
  });
}

function positiveInteger<T extends number | null>(
  raw: string | undefined,
  fallback: T,
  max: number,
  name: string,
  errors: string[],
): number | T {
  if (raw === undefined || raw === "") return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? "a whole number of at least 1" : `a whole number from 1 to ${max}`;
    errors.push(`${name} must be ${range}, got ${JSON.stringify(raw)}`);
    return fallback;
  }
  return value;
}
