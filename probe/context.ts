// What every step of the probe shares: raw HTTP to the service, the check lines it records, and
// the secrets it holds, which are redacted from every line it prints or stores.
import type { Answer } from "./answers";
import { redactText } from "./redact";

export type Verdict = "holds" | "differs" | "not checked";
export type CheckLine = { check: string; verdict: Verdict; detail: string };

/** What Apportion's configuration can take from the report (lib/env.ts reads it). */
export type ProbeConfig = {
  /** Path of the imports listing under /admin/oauth2/api/v1, where it was found. */
  imports_list_path?: string;
  /** The body encoding the token endpoint takes for a refresh. */
  refresh_encoding?: "json" | "form";
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
  /**
   * Retry the code exchange without PKCE when the service refuses `code_verifier`. Off by
   * default: a refusal stops the probe; on, the retry is announced as a warning.
   */
  allowNoPkce?: boolean;
  log?: (line: string) => void;
  fetch?: typeof fetch;
  /** How long to wait for an import to finish. */
  importTimeoutMs?: number;
};

/** Ends the probe early: what was checked so far is still reported, with this reason. */
export class ProbeStopped extends Error {}

export const API = "/admin/oauth2/api/v1";

export type Probe = {
  options: ProbeOptions;
  base: string;
  checks: CheckLine[];
  config: ProbeConfig;
  /** The tokens the probe holds now (a refresh replaces them). */
  tokens: { access: string; refresh: string | null };
  /** Every secret the probe has held: searched for and replaced in everything it prints or stores. */
  secrets: Set<string>;
  line: (check: string, verdict: Verdict, detail?: string) => void;
  warn: (text: string) => void;
  /** Redacts a text with everything the probe knows to be secret. */
  redact: (text: string) => string;
  call: (path: string, init?: RequestInit) => Promise<Answer>;
  token: (params: Record<string, string>, encoding: "json" | "form") => Promise<Answer>;
  api: (method: "GET" | "POST", path: string, body?: unknown) => Promise<Answer>;
};

export function createProbe(options: ProbeOptions): Probe {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, "");
  const secrets = new Set<string>([options.clientSecret]);
  const redact = (text: string) => redactText(text, secrets);
  const probe: Probe = {
    options,
    base,
    checks: [],
    config: {},
    tokens: { access: "", refresh: null },
    secrets,
    redact,
    line: (check, verdict, detail = "") => {
      const entry = { check, verdict, detail: redact(detail) };
      probe.checks.push(entry);
      options.log?.(formatLine(entry));
    },
    warn: (text) => options.log?.(`Warning: ${redact(text)}`),
    call: async (path, init = {}) => {
      const response = await doFetch(`${base}${path}`, { redirect: "manual", ...init });
      const text = await response.text();
      let body: unknown;
      try {
        body = text === "" ? undefined : (JSON.parse(text) as unknown);
      } catch {
        body = undefined;
      }
      return { status: response.status, body, text: redact(text) };
    },
    token: (params, encoding) =>
      probe.call("/admin/oauth2/token", {
        method: "POST",
        headers: {
          "Content-Type": encoding === "json" ? "application/json" : "application/x-www-form-urlencoded",
          Accept: "application/json",
        },
        body: encoding === "json" ? JSON.stringify(params) : new URLSearchParams(params).toString(),
      }),
    api: (method, path, body) =>
      probe.call(`${API}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${probe.tokens.access}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
  return probe;
}

/** Keeps the tokens of a token answer, and remembers them as secrets. */
export function holdTokens(probe: Probe, body: Record<string, unknown>): void {
  if (typeof body.access_token === "string") {
    probe.tokens.access = body.access_token;
    probe.secrets.add(body.access_token);
  }
  // RFC 6749 §6: an answer without refresh_token leaves the one held valid.
  if (typeof body.refresh_token === "string") {
    probe.tokens.refresh = body.refresh_token;
    probe.secrets.add(body.refresh_token);
  }
}

export function formatLine(line: CheckLine): string {
  const verdict = line.verdict === "holds" ? "holds" : `${line.verdict}: ${line.detail}`;
  const extra = line.verdict === "holds" && line.detail !== "" ? ` (${line.detail})` : "";
  return `${line.check}: ${verdict}${extra}`;
}
