// The service probe (issue 12): walks the real OAuth flow against a service and checks, one line
// each, every assumption Apportion makes where the interface is silent. It talks HTTP itself
// (it must see raw answers, which lib/service parses away) and reuses lib/service for the listing
// path the app uses and which statuses end an import. It writes only after an explicit confirmation.
import { createHash, randomBytes } from "node:crypto";
import { DEFAULT_IMPORTS_LIST_PATH } from "@/lib/service/imports";
import {
  type Answer,
  describe,
  findGift,
  isRecord,
  type Json,
  listingShape,
  runImport,
  tokenTypeProblems,
} from "./answers";

export type Verdict = "holds" | "differs" | "not checked";
export type CheckLine = { check: string; verdict: Verdict; detail: string };

/** What Apportion's configuration can take from the report (lib/env.ts reads it). */
export type ProbeConfig = {
  /** Path of the imports listing under /admin/oauth2/api/v1, where it was found. */
  imports_list_path?: string;
  /** The body encoding the token endpoint takes for a refresh. */
  refresh_encoding?: "json" | "form";
};

export type ProbeReport = {
  probed_at: string;
  base_url: string;
  checks: CheckLine[];
  config: ProbeConfig;
};

export type ProbeOptions = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scopes?: string;
  /** The browser step: given the authorize URL, resolves with the callback URL it was sent back to. */
  authorize: (authorizeUrl: string) => Promise<string>;
  /** A gift (transaction id or external id) the partner names for the one-split import. */
  gift?: string;
  /** Asked before each write; a write happens only when it resolves true. */
  confirm: (question: string) => Promise<boolean>;
  log?: (line: string) => void;
  fetch?: typeof fetch;
  /** How long to wait for an import to finish. */
  importTimeoutMs?: number;
};

export const API = "/admin/oauth2/api/v1";
export const DEFAULT_LIST_PATH = DEFAULT_IMPORTS_LIST_PATH;
/** The facts' status values of one import. */
export const DOCUMENTED_STATUSES = [
  "Ready",
  "Scheduled",
  "Pending",
  "Working",
  "Complete",
  "Load_failed",
  "Failed",
  "Setup_failed",
  "Error",
];
/** "GET /imports/ with a further path part": the forms tried, the emulator's choice first. */
export const LISTING_CANDIDATES = [DEFAULT_IMPORTS_LIST_PATH, "/imports/notifications", "/imports/all", "/imports"];

export async function runProbe(options: ProbeOptions): Promise<ProbeReport> {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, "");
  const checks: CheckLine[] = [];
  const config: ProbeConfig = {};
  const line = (check: string, verdict: Verdict, detail = "") => {
    checks.push({ check, verdict, detail });
    options.log?.(formatLine({ check, verdict, detail }));
  };

  const call = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const response = await doFetch(`${base}${path}`, { redirect: "manual", ...init });
    const text = await response.text();
    let body: unknown;
    try {
      body = text === "" ? undefined : (JSON.parse(text) as unknown);
    } catch {
      body = undefined;
    }
    return { status: response.status, body, text };
  };
  const token = (params: Record<string, string>, encoding: "json" | "form") =>
    call("/admin/oauth2/token", {
      method: "POST",
      headers: {
        "Content-Type": encoding === "json" ? "application/json" : "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: encoding === "json" ? JSON.stringify(params) : new URLSearchParams(params).toString(),
    });

  // 1. Authorization, with state and PKCE.
  const state = randomBytes(16).toString("base64url");
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const authorizeUrl = new URL(`${base}/admin/oauth2/authorize`);
  for (const [name, value] of Object.entries({
    client_id: options.clientId,
    response_type: "code",
    redirect_uri: options.redirectUri,
    scope: options.scopes ?? "basic data_add data_query",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  })) {
    authorizeUrl.searchParams.set(name, value);
  }
  options.log?.(`Open this address, sign in and allow:\n  ${authorizeUrl.toString()}`);
  const callback = new URL(await options.authorize(authorizeUrl.toString()));
  const code = callback.searchParams.get("code");
  const echoed = callback.searchParams.get("state");
  if (code === null) {
    line("state echoed", "not checked", "no code came back");
    const error = callback.searchParams.get("error") ?? "nothing";
    throw new Error(`The authorization did not return a code (error: ${error})`);
  }
  if (echoed === state) line("state echoed", "holds");
  else
    line(
      "state echoed",
      "differs",
      echoed === null ? "the callback carried no state" : "the callback carried another state",
    );

  // 2. Code exchange, with the PKCE verifier (the app sends it).
  const exchange = (withVerifier: boolean) =>
    token(
      {
        grant_type: "authorization_code",
        client_id: options.clientId,
        client_secret: options.clientSecret,
        code,
        redirect_uri: options.redirectUri,
        ...(withVerifier ? { code_verifier: verifier } : {}),
      },
      "form",
    );
  let exchanged = await exchange(true);
  if (exchanged.status === 200) line("PKCE accepted or ignored", "holds");
  else {
    line("PKCE accepted or ignored", "differs", `the exchange with code_verifier was refused: ${describe(exchanged)}`);
    exchanged = await exchange(false);
  }
  if (exchanged.status !== 200 || !isRecord(exchanged.body)) {
    line("token answer field types", "not checked", `the code exchange failed: ${describe(exchanged)}`);
    throw new Error("The code exchange failed; nothing more can be checked");
  }
  const tokens = exchanged.body;
  const typeProblems = tokenTypeProblems(tokens, true);
  if (typeProblems.length === 0) line("token answer field types", "holds");
  else line("token answer field types", "differs", typeProblems.join("; "));
  const accessToken = typeof tokens.access_token === "string" ? tokens.access_token : "";
  let refreshToken = typeof tokens.refresh_token === "string" ? tokens.refresh_token : null;

  const api = (method: "GET" | "POST", path: string, body?: unknown) =>
    call(`${API}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${accessToken}`,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  // 3. Account details and the organization id path.
  const details = await api("GET", "/details");
  const orgId =
    isRecord(details.body) && isRecord(details.body.organization) ? details.body.organization.id : undefined;
  if (details.status === 200 && (typeof orgId === "number" || (typeof orgId === "string" && orgId !== ""))) {
    line("account details, organization.id", "holds", `organization.id = ${String(orgId)}`);
  } else {
    const keys = isRecord(details.body) ? Object.keys(details.body).join(", ") : "no JSON object";
    line(
      "account details, organization.id",
      "differs",
      `${details.status}, no organization.id; top-level keys: ${keys}`,
    );
  }

  // 4. Integration status (what the app reports on connect).
  const status = await api("POST", "/integrations/status", { data: { status: "Connected", units: "1" } });
  const refusedStatus = isRecord(status.body) && status.body.valid === false;
  if (status.status >= 200 && status.status < 300 && !refusedStatus) line("integration status", "holds");
  else line("integration status", "differs", describe(status));

  // 5. The transactions query and its paging.
  const transactions: Json[] = [];
  const first = await api("POST", "/transactions/query", { per_page: 2 });
  const page = (answer: Answer) =>
    isRecord(answer.body) && Array.isArray(answer.body.results) ? (answer.body as Json & { results: unknown[] }) : null;
  const firstPage = page(first);
  if (first.status !== 200 || firstPage === null) {
    line("transactions query and paging", "differs", `no results array: ${describe(first)}`);
  } else {
    transactions.push(...firstPage.results.filter(isRecord));
    const queryToken = firstPage.query_token;
    if (firstPage.has_more === true || (typeof queryToken === "string" && queryToken !== "")) {
      if (typeof queryToken !== "string" || queryToken === "") {
        line("transactions query and paging", "differs", "more pages were announced without a query_token");
      } else {
        const second = await api("POST", "/transactions/query", { query_token: queryToken });
        const secondPage = page(second);
        if (second.status === 200 && secondPage !== null) {
          transactions.push(...secondPage.results.filter(isRecord));
          line(
            "transactions query and paging",
            "holds",
            `per_page and query_token page on (${transactions.length} seen)`,
          );
        } else line("transactions query and paging", "differs", `the query_token page failed: ${describe(second)}`);
      }
    } else line("transactions query and paging", "holds", "one page only: paging not exercised");
  }

  // 6. One split on the gift the partner names, only after confirmation; its reverse offered after.
  let importId: string | null = null;
  if (options.gift === undefined || options.gift === "") {
    line("one-split import", "not checked", "no gift named (--gift)");
    line("import status values", "not checked", "no import was made");
  } else {
    const gift = await findGift(api, options.gift, transactions);
    if (gift === null) {
      line("one-split import", "not checked", `gift ${options.gift} not found in the transactions query`);
      line("import status values", "not checked", "no import was made");
    } else {
      const id = String(gift.id ?? gift.transaction_id);
      const amount = Number(gift.amount_in_cents);
      const byExternal = typeof gift.external_id === "string" && gift.external_id !== "";
      const ref = byExternal ? String(gift.external_id) : id;
      const splitId = `${id}:probe`;
      const rows = (extra: Json = {}) => ({
        data_format: "split_transaction",
        action_type: "create",
        ...(byExternal ? {} : { match_by: { transaction: "transaction_id" } }),
        data_type: "json",
        data: [
          { id: splitId, transaction_id: ref, unit_amount_in_cents: amount, quantity: 1, fund: "General", ...extra },
        ],
      });
      const question = `Write one split (${amount} cents, fund General, id ${splitId}) on gift ${id}?`;
      if (!(await options.confirm(question))) {
        line("one-split import", "not checked", "not confirmed: nothing was written");
        line("import status values", "not checked", "no import was made");
      } else {
        const outcome = await runImport(api, rows(), options.importTimeoutMs ?? 60_000);
        importId = outcome.id;
        if (outcome.problem !== null) line("one-split import", "differs", outcome.problem);
        else
          line(
            "one-split import",
            "holds",
            `import ${outcome.id} answered ${outcome.createStatus}, ended ${outcome.statuses.at(-1)}`,
          );
        const unknown = outcome.statuses.filter((s) => !DOCUMENTED_STATUSES.includes(s));
        if (outcome.statuses.length === 0) line("import status values", "not checked", "no status was read");
        else if (unknown.length === 0) line("import status values", "holds", `seen: ${outcome.statuses.join(", ")}`);
        else line("import status values", "differs", `undocumented: ${[...new Set(unknown)].join(", ")}`);
        if (outcome.id !== null && (await options.confirm(`Reverse it (soft-delete split ${splitId})?`))) {
          const reverse = await runImport(
            api,
            rows({ deleted_at: Math.floor(Date.now() / 1000) }),
            options.importTimeoutMs ?? 60_000,
          );
          line(
            "reverse of the split",
            reverse.problem === null ? "holds" : "differs",
            reverse.problem ?? `import ${reverse.id}`,
          );
        }
      }
    }
  }

  // 7. Where the listing and its notifications live, and their shape.
  let found: string | null = null;
  const seen: string[] = [];
  for (const candidate of LISTING_CANDIDATES) {
    const query = importId === null ? "" : `?import_id=${encodeURIComponent(importId)}`;
    const answer = await api("GET", `${candidate}${query}`);
    seen.push(`${candidate} ${answer.status}`);
    if (answer.status === 200 && listingShape(answer.body) !== null) {
      found = candidate;
      const shape = listingShape(answer.body);
      if (candidate === DEFAULT_LIST_PATH && shape === "imports[].notifications[]") {
        line("imports listing and notifications", "holds", `${candidate}: ${shape}`);
      } else {
        config.imports_list_path = candidate;
        line("imports listing and notifications", "differs", `found at ${candidate} with ${shape}`);
      }
      break;
    }
  }
  if (found === null) line("imports listing and notifications", "differs", `not found; tried ${seen.join(", ")}`);

  // 8. Refresh as JSON (the spec) and as a form, then what a refused refresh looks like.
  if (refreshToken === null) {
    line("refresh (JSON)", "not checked", "the code exchange gave no refresh_token");
    line("refresh (form)", "not checked", "the code exchange gave no refresh_token");
  } else {
    const params = (value: string) => ({
      client_id: options.clientId,
      client_secret: options.clientSecret,
      grant_type: "refresh_token",
      refresh_token: value,
    });
    const json = await token(params(refreshToken), "json");
    const jsonOk = json.status === 200 && isRecord(json.body) && typeof json.body.refresh_token === "string";
    if (jsonOk && isRecord(json.body)) {
      refreshToken = String(json.body.refresh_token);
      const problems = tokenTypeProblems(json.body, false);
      line("refresh (JSON)", problems.length === 0 ? "holds" : "differs", problems.join("; "));
    } else line("refresh (JSON)", "differs", describe(json));
    const form = await token(params(refreshToken), "form");
    const formOk = form.status === 200 && isRecord(form.body) && typeof form.body.refresh_token === "string";
    const bodyRefusal =
      (form.status === 400 && isRecord(form.body) && form.body.error === "invalid_request") || form.status === 415;
    if (!jsonOk && formOk) config.refresh_encoding = "form";
    if (formOk)
      line("refresh (form)", jsonOk ? "holds" : "differs", jsonOk ? "accepted too" : "only the form is accepted");
    else if (bodyRefusal)
      line("refresh (form)", "holds", "refused as a body the server cannot read (JSON only, as documented)");
    else line("refresh (form)", "differs", describe(form));
  }
  const refused = await token(
    {
      client_id: options.clientId,
      client_secret: options.clientSecret,
      grant_type: "refresh_token",
      refresh_token: "probe-not-a-token",
    },
    config.refresh_encoding ?? "json",
  );
  if (refused.status === 400 && isRecord(refused.body) && refused.body.error === "invalid_grant") {
    line("refused refresh", "holds", "400 invalid_grant");
  } else line("refused refresh", "differs", describe(refused));

  return { probed_at: new Date().toISOString(), base_url: base, checks, config };
}

export function formatLine(line: CheckLine): string {
  const verdict = line.verdict === "holds" ? "holds" : `${line.verdict}: ${line.detail}`;
  const extra = line.verdict === "holds" && line.detail !== "" ? ` (${line.detail})` : "";
  return `${line.check}: ${verdict}${extra}`;
}
