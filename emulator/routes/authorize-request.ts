// Validation of an authorization request, shared by the consent page (GET) and its form (POST) so
// that the POST re-checks everything the GET checked. Order follows RFC 6749 §4.1.2.1: problems
// with the client or the redirect URI are shown to the user and never redirected.
import { PKCE_VALUE } from "../crypto";
import type { EmulatorConfig } from "../config";
import { SCOPES, type Scope } from "../state";

export const AUTHORIZE_PARAMS = [
  "client_id",
  "response_type",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;

export type AuthorizeParamName = (typeof AUTHORIZE_PARAMS)[number];
export type AuthorizeParams = Partial<Record<AuthorizeParamName, string>>;

export type AuthorizeRequest = {
  clientId: string;
  redirectUri: string;
  scopes: Scope[];
  state: string | null;
  codeChallenge: string | null;
  /** The raw parameters, carried through the consent form as hidden fields. */
  params: AuthorizeParams;
};

export type AuthorizeCheck =
  | { kind: "ok"; request: AuthorizeRequest }
  /** Shown to the user as a 400 page: the redirect URI cannot be trusted. */
  | { kind: "fatal"; title: string; message: string }
  | { kind: "redirect"; location: string };

export function checkAuthorizeRequest(config: EmulatorConfig, source: URLSearchParams): AuthorizeCheck {
  const params: AuthorizeParams = {};
  const duplicated: string[] = [];
  for (const name of AUTHORIZE_PARAMS) {
    const values = source.getAll(name);
    if (values.length > 1) duplicated.push(name);
    // RFC 6749 §3.1: a parameter sent without a value is treated as omitted.
    const value = values[0];
    if (value !== undefined && value !== "") params[name] = value;
  }

  const clientId = params.client_id;
  if (clientId === undefined || duplicated.includes("client_id") || clientId !== config.clientId) {
    return {
      kind: "fatal",
      title: "Unknown application",
      message: "The application that sent you here is not registered with this service (client_id).",
    };
  }
  const redirectUri = params.redirect_uri;
  if (redirectUri === undefined || duplicated.includes("redirect_uri") || !config.redirectUris.includes(redirectUri)) {
    return {
      kind: "fatal",
      title: "Invalid redirect address",
      message:
        "The redirect_uri does not exactly match an address registered for this application, " +
        "so the result of this request cannot be sent back to it.",
    };
  }

  const state = params.state ?? null;
  const fail = (error: string, description: string): AuthorizeCheck => ({
    kind: "redirect",
    location: redirectWithParams(redirectUri, { error, error_description: description, state }),
  });

  const [firstDuplicate] = duplicated;
  if (firstDuplicate !== undefined)
    return fail("invalid_request", `Parameter ${firstDuplicate} was sent more than once`);
  if (params.response_type === undefined) return fail("invalid_request", "Missing parameter: response_type");
  if (params.response_type !== "code") {
    return fail("unsupported_response_type", "Only response_type=code is supported");
  }

  const scopes = parseScopes(params.scope);
  if (scopes === null) {
    return fail("invalid_scope", `scope must be a space-separated list of: ${SCOPES.join(", ")}`);
  }

  const challenge = params.code_challenge ?? null;
  const method = params.code_challenge_method;
  if (method !== undefined && method !== "S256") {
    return fail("invalid_request", "Only code_challenge_method=S256 is supported");
  }
  if (method !== undefined && challenge === null) {
    return fail("invalid_request", "code_challenge_method was sent without code_challenge");
  }
  // RFC 7636 §4.3: a challenge without a method means "plain", which this service does not accept.
  if (challenge !== null && method === undefined) {
    return fail("invalid_request", "code_challenge requires code_challenge_method=S256");
  }
  if (challenge !== null && !PKCE_VALUE.test(challenge)) {
    return fail("invalid_request", "code_challenge must be 43 to 128 unreserved characters");
  }

  return {
    kind: "ok",
    request: { clientId, redirectUri, scopes, state, codeChallenge: challenge, params },
  };
}

/** Null when the scope is missing, empty or names an unknown scope. */
function parseScopes(value: string | undefined): Scope[] | null {
  if (value === undefined) return null;
  const names = value.split(" ").filter((name) => name !== "");
  if (names.length === 0) return null;
  const scopes: Scope[] = [];
  for (const name of names) {
    const scope = SCOPES.find((known) => known === name);
    if (scope === undefined) return null;
    if (!scopes.includes(scope)) scopes.push(scope);
  }
  return scopes;
}

/** Adds parameters to a registered redirect URI, keeping any query it already has. */
export function redirectWithParams(redirectUri: string, values: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) {
    if (value !== null) url.searchParams.set(name, value);
  }
  return url.toString();
}
