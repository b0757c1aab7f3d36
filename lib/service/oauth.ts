// The token endpoint (spec §4.1, operations 2 and 3).
import { OAuthTokenError, ServiceApiError, ServiceResponseError } from "./errors";
import { readJson, send, type ServiceTarget } from "./request";
import { oauthErrorSchema, type TokenResponse, tokenResponseSchema } from "./schemas";

export type ClientCredentials = { clientId: string; clientSecret: string };

const TOKEN_PATH = "/admin/oauth2/token";

/** Operation 2. The spec does not show the body encoding; RFC 6749 §4.1.3 says form. */
export function exchangeCode(
  target: ServiceTarget,
  client: ClientCredentials,
  grant: { code: string; redirectUri: string; codeVerifier?: string },
): Promise<TokenResponse> {
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code: grant.code,
    redirect_uri: grant.redirectUri,
  });
  if (grant.codeVerifier) form.set("code_verifier", grant.codeVerifier);
  return tokenCall(
    target,
    {
      "Content-Type": "application/x-www-form-urlencoded",
    },
    form.toString(),
  );
}

/** Operation 3: a JSON body, exactly the four fields the spec lists. */
export function refreshAccessToken(
  target: ServiceTarget,
  client: ClientCredentials,
  refreshToken: string,
): Promise<TokenResponse> {
  return tokenCall(
    target,
    { "Content-Type": "application/json" },
    JSON.stringify({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      grant_type: "refresh_token",
      refresh_token: refreshToken,
    }),
  );
}

async function tokenCall(target: ServiceTarget, headers: Record<string, string>, body: string): Promise<TokenResponse> {
  const response = await send(target, TOKEN_PATH, {
    method: "POST",
    headers: { ...headers, Accept: "application/json" },
    body,
  });
  const payload = await readJson(response);
  if (!response.ok) {
    const error = oauthErrorSchema.safeParse(payload);
    if (error.success) {
      throw new OAuthTokenError(response.status, error.data.error, error.data.error_description);
    }
    throw new ServiceApiError(response.status, [], response.status === 429 || response.status >= 500);
  }
  const parsed = tokenResponseSchema.safeParse(payload);
  if (!parsed.success) throw new ServiceResponseError("The token endpoint answered in an unexpected shape");
  return parsed.data;
}
