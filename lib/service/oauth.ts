// The token endpoint (spec §4.1, operations 2 and 3).
import "server-only";
import { OAuthTokenError, ServiceApiError, ServiceResponseError } from "./errors";
import { readJson, send, type ServiceTarget } from "./request";
import { parseRetryAfter } from "./retry";
import { oauthErrorSchema, type TokenResponse, tokenResponseSchema } from "./schemas";

export type ClientCredentials = { clientId: string; clientSecret: string };
export type TokenBodyEncoding = "json" | "form";

const TOKEN_PATH = "/admin/oauth2/token";

/** Operation 2. The spec does not show the body encoding; RFC 6749 §4.1.3 says form. */
export function exchangeCode(
  target: ServiceTarget,
  client: ClientCredentials,
  grant: { code: string; redirectUri: string; codeVerifier?: string },
): Promise<TokenResponse> {
  const params: Record<string, string> = {
    grant_type: "authorization_code",
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code: grant.code,
    redirect_uri: grant.redirectUri,
  };
  if (grant.codeVerifier) params.code_verifier = grant.codeVerifier;
  return tokenCall(target, "form", params);
}

/**
 * What each token endpoint (by base address) was last seen to accept for a refresh. The spec
 * documents a JSON body; RFC 6749 §6 (and a standard server the audit tried) wants a form. Kept
 * per process: after a restart the first refresh asks once more, which costs one refused call.
 */
const refreshEncodings = new Map<string, TokenBodyEncoding>();

export function knownRefreshEncoding(target: ServiceTarget): TokenBodyEncoding | undefined {
  return refreshEncodings.get(target.baseUrl);
}

/**
 * Operation 3: the four fields the spec lists, as JSON first (the spec's form). A refusal that
 * says the body itself is wrong (415, or `invalid_request`) is asked once more in the other
 * encoding; the one the server answered properly is remembered and used first from then on.
 * A refused request consumed nothing, so asking again never spends the refresh token twice.
 */
export async function refreshAccessToken(
  target: ServiceTarget,
  client: ClientCredentials,
  refreshToken: string,
): Promise<TokenResponse> {
  const params = {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    grant_type: "refresh_token",
    refresh_token: refreshToken,
  };
  const first = refreshEncodings.get(target.baseUrl) ?? "json";
  try {
    const answer = await tokenCall(target, first, params);
    refreshEncodings.set(target.baseUrl, first);
    return answer;
  } catch (error) {
    if (!isBodyTypeRefusal(error)) {
      if (error instanceof OAuthTokenError && !error.retryable) refreshEncodings.set(target.baseUrl, first);
      throw error;
    }
  }
  const other: TokenBodyEncoding = first === "json" ? "form" : "json";
  try {
    const answer = await tokenCall(target, other, params);
    refreshEncodings.set(target.baseUrl, other);
    return answer;
  } catch (error) {
    // It read this body well enough to refuse the grant itself: this is the encoding it takes.
    if (error instanceof OAuthTokenError && !isBodyTypeRefusal(error)) refreshEncodings.set(target.baseUrl, other);
    throw error;
  }
}

/** The server could not read the request as sent: the wrong media type, or parameters missing. */
export function isBodyTypeRefusal(error: unknown): boolean {
  if (error instanceof OAuthTokenError) return error.status === 415 || error.error === "invalid_request";
  return error instanceof ServiceApiError && error.status === 415;
}

async function tokenCall(
  target: ServiceTarget,
  encoding: TokenBodyEncoding,
  params: Record<string, string>,
): Promise<TokenResponse> {
  const response = await send(target, TOKEN_PATH, {
    method: "POST",
    headers: {
      "Content-Type": encoding === "json" ? "application/json" : "application/x-www-form-urlencoded",
      Accept: "application/json",
    },
    body: encoding === "json" ? JSON.stringify(params) : new URLSearchParams(params).toString(),
  });
  const payload = await readJson(response);
  if (!response.ok) {
    const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
    const error = oauthErrorSchema.safeParse(payload);
    if (error.success) {
      throw new OAuthTokenError(response.status, error.data.error, error.data.error_description, retryAfter);
    }
    throw new ServiceApiError(response.status, [], response.status === 429 || response.status >= 500, retryAfter);
  }
  const parsed = tokenResponseSchema.safeParse(payload);
  if (!parsed.success) throw new ServiceResponseError("The token endpoint answered in an unexpected shape");
  return parsed.data;
}
