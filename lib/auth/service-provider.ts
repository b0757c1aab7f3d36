// The custom OAuth provider for next-auth: the service's authorize page with state and PKCE
// S256, our own code exchange and account-details call (typed, zod-parsed, classified errors).
import "server-only";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { type AppEnv, redirectUri } from "@/lib/env";
import { getAccountDetails } from "@/lib/service/account";
import { OAuthTokenError, ServiceApiError, ServiceNetworkError } from "@/lib/service/errors";
import { exchangeCode } from "@/lib/service/oauth";
import type { AccountDetails } from "@/lib/service/schemas";
import { type ConnectFailure, recordConnectFailure } from "./connect-failure";
import { isForeignIssuer } from "./issuer";

/** The account details, with the organization's id as the profile's subject. */
type OrganizationProfile = AccountDetails & { sub: string };

export function serviceProvider(env: AppEnv): OAuthConfig<OrganizationProfile> {
  const target = { baseUrl: env.SERVICE_BASE_URL };
  const client = { clientId: env.SERVICE_CLIENT_ID, clientSecret: env.SERVICE_CLIENT_SECRET };
  return {
    // The id is the environment, so each environment has its own redirect URI.
    id: env.SERVICE_ENVIRONMENT,
    name: env.SERVICE_ENVIRONMENT === "playground" ? "the Playground" : "the service",
    type: "oauth",
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    checks: ["state", "pkce"],
    authorization: {
      url: `${env.SERVICE_BASE_URL}/admin/oauth2/authorize`,
      params: { scope: env.SERVICE_SCOPES.join(" "), response_type: "code" },
    },
    token: {
      url: `${env.SERVICE_BASE_URL}/admin/oauth2/token`,
      async request({ params, checks }) {
        // Before anything is sent: an answer from another authorization server must not have
        // its code redeemed here (RFC 9207, the mix-up defence).
        if (isForeignIssuer(params.iss, env)) {
          recordConnectFailure("issuer_mismatch");
          throw new Error("issuer mismatch");
        }
        // openid-client compares state only in its own exchange; this one is ours, so is the check.
        if (!checks.state || params.state !== checks.state) {
          recordConnectFailure("state_invalid");
          throw new Error("state mismatch");
        }
        if (!params.code) {
          recordConnectFailure("code_rejected");
          throw new Error("no authorization code");
        }
        try {
          const tokens = await exchangeCode(target, client, {
            code: params.code,
            redirectUri: redirectUri(env),
            codeVerifier: checks.code_verifier,
          });
          return { tokens: { ...tokens } };
        } catch (error) {
          recordConnectFailure(classifyExchangeError(error));
          throw error;
        }
      },
    },
    userinfo: {
      url: `${env.SERVICE_BASE_URL}/admin/oauth2/api/v1/details`,
      async request({ tokens }) {
        try {
          const details = await getAccountDetails(target, tokens.access_token ?? "");
          return { ...details, sub: details.organization.id };
        } catch (error) {
          recordConnectFailure(error instanceof ServiceNetworkError ? "service_unreachable" : "details_failed");
          throw error;
        }
      },
    },
    profile(details) {
      const { id, name } = details.organization;
      return { id, name: name ?? `Organization ${id}` };
    },
  };
}

function classifyExchangeError(error: unknown): ConnectFailure {
  if (error instanceof OAuthTokenError && !error.retryable) {
    if (error.error === "invalid_client" || error.error === "unauthorized_client") return "client_rejected";
    return "code_rejected";
  }
  if (
    error instanceof ServiceNetworkError ||
    ((error instanceof ServiceApiError || error instanceof OAuthTokenError) && error.retryable)
  ) {
    return "service_unreachable";
  }
  return "unknown";
}
