// Operations 2 and 3 of the spec: code exchange and refresh, on one endpoint.
import { Hono, type Context } from "hono";
import { PKCE_VALUE, s256Challenge, sha256Hex } from "../crypto";
import { createGrant, findGrantByRefreshToken, revokeGrant, rotateTokens } from "../grants";
import { noStore } from "../http";
import type { EmulatorDeps } from "../state";
import {
  authenticateClient,
  invalidGrant,
  invalidRequest,
  isOAuthError,
  readTokenParams,
  type OAuthError,
  type TokenParams,
} from "./token-request";

/** The value the service's documentation shows. Access tokens never expire regardless. */
const EXPIRES_IN_SECONDS = 2508735;

type TokenAnswer = Record<string, string | number>;

export function tokenRoutes(deps: EmulatorDeps): Hono {
  const { config, state } = deps;
  const app = new Hono();

  const sendError = (c: Context, failure: OAuthError) => {
    noStore(c);
    if (failure.status === 401 && failure.basicAttempted) {
      c.header("WWW-Authenticate", 'Basic realm="Playground", charset="UTF-8"');
    }
    return c.json({ error: failure.error, error_description: failure.description }, failure.status);
  };

  app.post("/admin/oauth2/token", async (c) => {
    const params = await readTokenParams(c);
    if (isOAuthError(params)) {
      state.stats.tokenRequests.other++;
      return sendError(c, params);
    }
    const grantType = params.values.get("grant_type");
    if (grantType === "authorization_code" || grantType === "refresh_token") {
      state.stats.tokenRequests[grantType]++;
    } else {
      state.stats.tokenRequests.other++;
    }

    if (grantType === undefined) return sendError(c, invalidRequest("Missing parameter: grant_type"));
    if (grantType !== "authorization_code" && grantType !== "refresh_token") {
      return sendError(c, {
        status: 400,
        error: "unsupported_grant_type",
        description: "grant_type must be authorization_code or refresh_token",
      });
    }
    // The spec documents the refresh request as a JSON body only; the setting `refresh_body` can
    // play a server that wants a form (RFC 6749 §6) or takes both.
    const refreshBody = state.settings.service.refresh_body;
    if (grantType === "refresh_token" && refreshBody !== "both" && params.encoding !== refreshBody) {
      const wanted =
        refreshBody === "json" ? "JSON (Content-Type: application/json)" : "a form (application/x-www-form-urlencoded)";
      return sendError(c, invalidRequest(`The refresh request body must be ${wanted}`));
    }

    const client = authenticateClient(c, config, params);
    if (isOAuthError(client)) return sendError(c, client);

    const answer =
      grantType === "authorization_code"
        ? exchangeCode(deps, client.clientId, params)
        : refresh(deps, client.clientId, params);
    if (isOAuthError(answer)) {
      if (
        grantType === "refresh_token" &&
        answer.error === "invalid_grant" &&
        state.settings.service.refused_refresh === "unauthorized"
      ) {
        noStore(c);
        return c.json({ valid: false, errors: ["Unauthorized"] }, 401);
      }
      return sendError(c, answer);
    }
    noStore(c);
    return c.json(answer, 200);
  });

  return app;
}

// The two grants live outside tokenRoutes so the route reads as the request's checks in order;
// each answers either the token response or the OAuth error the route sends.

/** Operation 2: trades an authorization code (checked against its request and PKCE) for tokens. */
function exchangeCode(
  { config, state }: EmulatorDeps,
  clientId: string,
  params: TokenParams,
): TokenAnswer | OAuthError {
  const code = params.values.get("code");
  const redirectUri = params.values.get("redirect_uri");
  if (code === undefined) return invalidRequest("Missing parameter: code");
  if (redirectUri === undefined) return invalidRequest("Missing parameter: redirect_uri");

  const entry = state.codes.get(sha256Hex(code));
  if (entry === undefined || entry.clientId !== clientId) {
    return invalidGrant("The authorization code is invalid");
  }
  if (entry.grantId !== null) {
    // RFC 6749 §4.1.2: a replayed code may mean it was stolen; withdraw what it produced.
    const grant = state.grants.get(entry.grantId);
    if (grant !== undefined) revokeGrant(grant);
    return invalidGrant("The authorization code was already used; the tokens issued from it are revoked");
  }
  if (config.now() >= entry.expiresAt) return invalidGrant("The authorization code has expired");
  if (redirectUri !== entry.redirectUri) {
    return invalidGrant("redirect_uri does not match the one used in the authorization request");
  }
  const pkceFailure = checkVerifier(
    state.settings.service.pkce,
    entry.codeChallenge,
    params.values.get("code_verifier"),
  );
  if (pkceFailure !== null) return pkceFailure;

  const issued = createGrant(state, {
    organizationId: entry.organizationId,
    clientId,
    scopes: entry.scopes,
    nowMs: config.now(),
  });
  entry.grantId = issued.grant.id;
  // The documented initial answer carries expires_in and created_at as numeric strings.
  return {
    access_token: issued.accessToken,
    token_type: "bearer",
    expires_in: String(EXPIRES_IN_SECONDS),
    // The documented initial answer has none; the setting `initial_token: no_refresh_token` plays that.
    ...(state.settings.service.initial_token === "no_refresh_token" ? {} : { refresh_token: issued.refreshToken }),
    scope: issued.grant.scopes.join(" "),
    created_at: String(issued.grant.createdAt),
  };
}

/** The code_verifier check as the `pkce` setting plays it; null when the code may be exchanged. */
function checkVerifier(
  pkce: EmulatorDeps["state"]["settings"]["service"]["pkce"],
  codeChallenge: string | null,
  verifier: string | undefined,
): OAuthError | null {
  if (pkce === "refused" && verifier !== undefined) return invalidRequest("Unknown parameter: code_verifier");
  if (pkce !== "checked") {
    // Settings `ignored` / `refused`: a service that knows nothing of PKCE.
  } else if (codeChallenge !== null) {
    if (verifier === undefined) return invalidGrant("code_verifier is required for this code");
    if (!PKCE_VALUE.test(verifier) || s256Challenge(verifier) !== codeChallenge) {
      return invalidGrant("code_verifier does not match the code_challenge");
    }
  } else if (verifier !== undefined) {
    // RFC 9700 §2.1.1: refusing a verifier for a code issued without a challenge stops PKCE downgrade.
    return invalidGrant("code_verifier was sent but the authorization request had no code_challenge");
  }
  return null;
}

/** Operation 3: rotates the tokens of an active grant found by its refresh token. */
function refresh({ config, state }: EmulatorDeps, clientId: string, params: TokenParams): TokenAnswer | OAuthError {
  const token = params.values.get("refresh_token");
  if (token === undefined) return invalidRequest("Missing parameter: refresh_token");
  const grant = findGrantByRefreshToken(state, clientId, token);
  if (grant === undefined) return invalidGrant("The refresh token is invalid, rotated or revoked");
  if (grant.status !== "active") return invalidGrant("The integration was disconnected by the organization");
  const tokens = rotateTokens(grant, state.settings.service.refresh_answer === "no_refresh_token");
  return {
    access_token: tokens.accessToken,
    token_type: "bearer",
    expires_in: EXPIRES_IN_SECONDS,
    ...(tokens.refreshToken === null ? {} : { refresh_token: tokens.refreshToken }),
    scope: grant.scopes.join(" "),
    created_at: Math.floor(config.now() / 1000),
  };
}
