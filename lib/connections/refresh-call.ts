// One refresh at the token endpoint, as the lease holder makes it: transient failures (network,
// timeout, 429, 5xx, "temporarily_unavailable") are asked again with backoff while the lease
// leaves time for it; anything else is a final refusal, put in words an admin can act on.
import "server-only";
import { OAuthTokenError, ServiceApiError, ServiceNetworkError, ServiceResponseError } from "@/lib/service/errors";
import { refreshAccessToken } from "@/lib/service/oauth";
import { retryDelayMs, type RetryPolicy } from "@/lib/service/retry";
import type { TokenResponse } from "@/lib/service/schemas";
import { clientCredentials, serviceTarget } from "./service-target";

/** One token call's timeout; a refresh may make two (the other body encoding). */
export const REFRESH_CALL_TIMEOUT_MS = 10_000;
const RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 250, maxDelayMs: 2_000 };

export const REFRESH_REFUSED_MESSAGE =
  "The service no longer accepts this connection's refresh token (it was revoked, expired or already used). Reconnect to continue.";

export function isTransient(error: unknown): boolean {
  return (
    error instanceof ServiceNetworkError ||
    (error instanceof ServiceApiError && error.retryable) ||
    (error instanceof OAuthTokenError && error.retryable)
  );
}

/** Why a refresh was refused for good, in the admin's words; undefined when it may pass later. */
export function finalRefusal(error: unknown): string | undefined {
  if (isTransient(error)) return undefined;
  if (error instanceof OAuthTokenError) {
    if (error.error === "invalid_grant") return REFRESH_REFUSED_MESSAGE;
    if (error.error === "invalid_client" || error.error === "unauthorized_client") {
      return "The service no longer accepts Apportion's own credentials when renewing access. An administrator needs to check SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET; then reconnect.";
    }
    const code = /^[a-z_]{1,40}$/.test(error.error) ? ` (${error.error})` : "";
    return `The service refused to renew this connection's access${code}. Reconnect to continue.`;
  }
  if (error instanceof ServiceApiError) {
    return `The service refused to renew this connection's access (HTTP ${error.status}). Reconnect to continue.`;
  }
  if (error instanceof ServiceResponseError) {
    return "The service's answer when renewing access could not be read, so the access it gave may be lost. Reconnect to continue.";
  }
  return undefined;
}

/** Asks for new tokens, retrying transient failures only while `leaseUntil` leaves room. */
export async function callRefresh(
  refreshToken: string,
  leaseUntil: number,
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
): Promise<TokenResponse> {
  const target = { ...serviceTarget(), timeoutMs: REFRESH_CALL_TIMEOUT_MS };
  for (let attempt = 1; ; attempt++) {
    try {
      return await refreshAccessToken(target, clientCredentials(), refreshToken);
    } catch (error) {
      if (!isTransient(error) || attempt >= RETRY.attempts) throw error;
      const delay = retryDelayMs(error, attempt, RETRY);
      // Never call once the lease may have lapsed: another process could then refresh too.
      if (Date.now() + delay + 2 * REFRESH_CALL_TIMEOUT_MS > leaseUntil) throw error;
      await sleep(delay);
    }
  }
}
