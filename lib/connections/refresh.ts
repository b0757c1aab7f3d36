// The one refresh of a connection's tokens (spec §4.1 operation 3, JSON body).
// Within a process, concurrent callers share one in-flight refresh. Across processes, the write
// is a compare-and-swap on tokenVersion: a refresh that lost the race adopts the winner's tokens.
import "server-only";
import { AppError } from "@/lib/app-error";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { OAuthTokenError } from "@/lib/service/errors";
import { refreshAccessToken } from "@/lib/service/oauth";
import { clientCredentials, serviceTarget } from "./service-target";
import {
  type ConnectionTokens,
  expiryFrom,
  findConnection,
  markStopped,
  openTokens,
  parseScopes,
  recordEvent,
  sealTokens,
} from "./store";

export const REFRESH_REFUSED_MESSAGE =
  "The service no longer accepts this connection's refresh token. Reconnect to continue.";

const inFlight = new Map<string, Promise<ConnectionTokens>>();

/** Refreshes the tokens that were read at `seenVersion`; if they changed since, returns the newer ones. */
export function refreshConnection(connectionId: string, seenVersion: number): Promise<ConnectionTokens> {
  const running = inFlight.get(connectionId);
  if (running) return running;
  const refresh = refreshOnce(connectionId, seenVersion).finally(() => inFlight.delete(connectionId));
  inFlight.set(connectionId, refresh);
  return refresh;
}

async function refreshOnce(connectionId: string, seenVersion: number): Promise<ConnectionTokens> {
  const connection = await findConnection(connectionId);
  if (!connection || connection.status !== "active") {
    throw new AppError("connection_needs_reconnect", "This connection is not active. Reconnect to continue.");
  }
  const current = openTokens(connection);
  if (current && connection.tokenVersion !== seenVersion) return current;
  if (!current?.refreshToken) {
    await markStopped(
      connectionId,
      "needs_reconnect",
      "The service did not provide a refresh token. Reconnect to continue.",
    );
    throw new AppError("connection_needs_reconnect", "This connection needs to be reconnected.");
  }

  let answer;
  try {
    answer = await refreshAccessToken(serviceTarget(), clientCredentials(), current.refreshToken);
  } catch (error) {
    log.warn("connection.refresh_failed", { connectionId, error });
    if (error instanceof OAuthTokenError && error.error === "invalid_grant") {
      await markStopped(connectionId, "needs_reconnect", REFRESH_REFUSED_MESSAGE);
      throw new AppError("connection_needs_reconnect", REFRESH_REFUSED_MESSAGE);
    }
    await recordEvent(
      connectionId,
      "refresh_failed",
      error instanceof OAuthTokenError ? error.error : "service unavailable",
    );
    if (error instanceof OAuthTokenError) {
      throw new AppError(
        "service_rejected",
        "The service refused to refresh access for Apportion. Please try again later.",
      );
    }
    throw new AppError("service_unavailable", "The service could not be reached to refresh access. Please try again.");
  }

  // Keep the old refresh token when the service sends none back.
  const tokens = { accessToken: answer.access_token, refreshToken: answer.refresh_token ?? current.refreshToken };
  const now = new Date();
  const written = await db().connection.updateMany({
    where: { id: connectionId, tokenVersion: seenVersion, status: "active" },
    data: {
      ...sealTokens(connection, tokens),
      scopes: parseScopes(answer.scope, connection.scopes),
      tokenExpiresAt: expiryFrom(answer, now),
      lastRefreshedAt: now,
      tokenVersion: { increment: 1 },
    },
  });
  if (written.count === 0) {
    const winner = await findConnection(connectionId);
    const theirs = winner && openTokens(winner);
    if (!theirs) throw new AppError("connection_needs_reconnect", "This connection needs to be reconnected.");
    return theirs;
  }
  await recordEvent(connectionId, "refreshed");
  log.info("connection.refreshed", { connectionId });
  return tokens;
}
