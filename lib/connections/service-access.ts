// Every call to the service on a connection's behalf goes through here: it checks the
// connection's state, refreshes when the service rejects the token (or its advised expiry has
// passed), turns "Disabled integration" into the connection's disabled state, and paces every
// call by the connection's adaptive limit.
import "server-only";
import { AppError } from "@/lib/app-error";
import type { Connection } from "@/lib/generated/prisma/client";
import { withLogContext } from "@/lib/log";
import { ServiceApiError, ServiceNetworkError, ServiceResponseError } from "@/lib/service/errors";
import type { ServiceTarget } from "@/lib/service/request";
import { readableTokens } from "./readable-tokens";
import { refreshConnection } from "./refresh";
import { limitFor } from "./service-limits";
import { serviceTarget } from "./service-target";
import { markStopped, readConnection } from "./store";

export const DISABLED_MESSAGE =
  "The service reports that this integration was disabled (disconnected from the service's side). Reconnect to continue.";

type Call<T> = (accessToken: string, target: ServiceTarget) => Promise<T>;

/**
 * Runs `call` with the connection's access token. Given the connection row the caller has just
 * read (the session check reads it on every request), it is not read again: its state is as
 * fresh as a second read would be. Given an id (the outbox, syncs), the row comes from the
 * process's cache (store.ts, readConnection), as fresh as the session's. The token version the
 * row carries is what a refresh compares-and-swaps against, so a stale row can only cause a
 * refresh to adopt newer tokens.
 */
export async function withServiceAccess<T>(connectionOrId: Connection | string, call: Call<T>): Promise<T> {
  const connectionId = typeof connectionOrId === "string" ? connectionOrId : connectionOrId.id;
  const connection = typeof connectionOrId === "string" ? await readConnection(connectionOrId) : connectionOrId;
  // Every line written on the way (a failed or retried call, a refresh) names the organization.
  return withLogContext({ organizationId: connection?.organizationId }, () => access(connectionId, connection, call));
}

async function access<T>(connectionId: string, connection: Readonly<Connection> | null, call: Call<T>): Promise<T> {
  const tokens = connection ? await usableTokens(connection) : null;
  if (!connection || !tokens) throw new AppError("unauthenticated", "Connect an organization first.");
  // Every attempt passes through the connection's adaptive limit (service-limits.ts).
  const limit = limitFor(connectionId);
  const target: ServiceTarget = { ...serviceTarget(), gate: (attempt, options) => limit.run(attempt, options) };

  let accessToken = tokens.accessToken;
  // expires_in is advice (the spec says access tokens do not expire): refresh early only when
  // there is a refresh token to do it with; otherwise the token is used until the service says no.
  if (tokens.refreshToken && connection.tokenExpiresAt && connection.tokenExpiresAt.getTime() <= Date.now()) {
    accessToken = (await refreshConnection(connectionId, connection.tokenVersion)).accessToken;
  }
  try {
    return await call(accessToken, target);
  } catch (error) {
    if (error instanceof ServiceApiError && error.tokenRejected) {
      const fresh = await refreshConnection(connectionId, connection.tokenVersion);
      return await call(fresh.accessToken, target).catch((again: unknown) => translate(connectionId, again));
    }
    return translate(connectionId, error);
  }
}

async function usableTokens(connection: Connection) {
  if (connection.status === "disabled")
    throw new AppError("connection_disabled", connection.statusReason ?? DISABLED_MESSAGE);
  if (connection.status === "needs_reconnect") {
    throw new AppError("connection_needs_reconnect", connection.statusReason ?? "Reconnect to continue.");
  }
  if (connection.status === "disconnected") return null;
  return readableTokens(connection);
}

async function translate(connectionId: string, error: unknown): Promise<never> {
  if (error instanceof ServiceApiError && error.disabledIntegration) {
    await markStopped(connectionId, "disabled", DISABLED_MESSAGE);
    throw new AppError("connection_disabled", DISABLED_MESSAGE, undefined, { cause: error });
  }
  if (error instanceof ServiceApiError && error.tokenRejected) {
    await markStopped(
      connectionId,
      "needs_reconnect",
      "The service no longer accepts this connection's access. Reconnect to continue.",
    );
    throw new AppError(
      "connection_needs_reconnect",
      "The service no longer accepts this connection's access. Reconnect to continue.",
      undefined,
      { cause: error },
    );
  }
  if (error instanceof ServiceNetworkError || (error instanceof ServiceApiError && error.retryable)) {
    const retryAfterSeconds = error instanceof ServiceApiError ? error.retryAfterSeconds : undefined;
    const why = error instanceof ServiceApiError && error.status === 429 ? "is limiting requests" : "is not answering";
    throw new AppError(
      "service_unavailable",
      `The service ${why} right now. Please try again in a moment.`,
      { retryAfterSeconds },
      { cause: error },
    );
  }
  if (error instanceof ServiceApiError || error instanceof ServiceResponseError) {
    throw new AppError(
      "service_rejected",
      "The service could not complete the request.",
      { status: error instanceof ServiceApiError ? error.status : undefined },
      { cause: error },
    );
  }
  throw error;
}
