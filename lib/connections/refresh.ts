// The one refresh of a connection's tokens (spec §4.1 operation 3; the call and its outcomes are
// in refresh-call.ts).
//
// A rotated refresh token must never be used twice, by this process or another instance on the
// same database. Within a process, concurrent callers share one in-flight refresh. Across
// processes, only the holder of a lease on the connection row refreshes; the lease is taken with
// a compare-and-swap (no transaction stays open during the HTTP call, which matters when the
// embedded database gives each process one connection), lasts longer than the token endpoint's
// timeout, and is released by the same compare-and-swap that writes the new tokens. The tokens
// are stored before anyone uses them. Others wait for the version to change and adopt them.
import "server-only";
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/app-error";
import { claimTimeoutMs, releaseClaim, type RowClaim, takeClaim } from "@/lib/claims";
import { db } from "@/lib/db";
import { fragment } from "@/lib/db-sql";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics/registry";
import { readableTokens } from "./readable-tokens";
import { callRefresh, finalRefusal, isTransient } from "./refresh-call";
import {
  type ConnectionTokens,
  expiryFrom,
  findConnection,
  forgetConnection,
  markStopped,
  parseScopes,
  recordEvent,
  sealTokens,
} from "./store";

/** The lease outlasts the token calls (its timeout: lib/claims.ts): callRefresh never starts a
 *  call that could outlast it. */
const LEASE_MS = claimTimeoutMs("refresh");
/** How long a caller waits for another process's refresh before giving up. */
const WAIT_MS = LEASE_MS + 5_000;
const POLL_MS = 50;

const inFlight = new Map<string, Promise<ConnectionTokens>>();
/** Refresh leases this process holds now (owner → connection), for a shutdown that cannot wait
 *  for them (releaseRefreshLeasesHeld). */
const leasesHeld = new Map<string, string>();

/** The refresh lease on a connection row (lib/claims.ts). */
const REFRESH_LEASE = {
  kind: "refresh",
  table: "Connection",
  owner: "refreshLeaseOwner",
  until: "refreshLeaseUntil",
} as const satisfies Omit<RowClaim, "key">;

/** Gives back every refresh lease this process holds: its refreshes will not write any more. */
export async function releaseRefreshLeasesHeld(): Promise<number> {
  if (leasesHeld.size === 0) return 0;
  const released = await releaseClaim(REFRESH_LEASE, [...leasesHeld.keys()]);
  leasesHeld.clear();
  return released;
}

/** Refreshes the tokens that were read at `seenVersion`; if they changed since, returns the newer ones. */
export function refreshConnection(connectionId: string, seenVersion: number): Promise<ConnectionTokens> {
  const running = inFlight.get(connectionId);
  if (running) return running;
  const refresh = refreshOnce(connectionId, seenVersion).finally(() => inFlight.delete(connectionId));
  inFlight.set(connectionId, refresh);
  return refresh;
}

async function refreshOnce(connectionId: string, seenVersion: number): Promise<ConnectionTokens> {
  const owner = randomUUID();
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const connection = await findConnection(connectionId);
    if (!connection || connection.status !== "active") {
      throw new AppError(
        connection?.status === "disabled" ? "connection_disabled" : "connection_needs_reconnect",
        connection?.statusReason ?? "This connection is not active. Reconnect to continue.",
      );
    }
    const current = await readableTokens(connection);
    if (current && connection.tokenVersion !== seenVersion) return current;
    const leaseUntil = await takeClaim({ ...REFRESH_LEASE, key: { column: "id", value: connectionId } }, owner, {
      also: fragment`AND status = 'active' AND "tokenVersion" = ${seenVersion}`,
    });
    if (leaseUntil !== null) {
      leasesHeld.set(owner, connectionId);
      try {
        return await refreshWithLease(connectionId, seenVersion, owner, leaseUntil);
      } finally {
        leasesHeld.delete(owner);
      }
    }
    if (Date.now() > deadline) {
      throw new AppError(
        "service_unavailable",
        "Access is being renewed elsewhere and is taking long. Please try again.",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS + Math.random() * POLL_MS));
  }
}

async function refreshWithLease(
  connectionId: string,
  seenVersion: number,
  owner: string,
  leaseUntil: number,
): Promise<ConnectionTokens> {
  const release = () => releaseClaim({ ...REFRESH_LEASE, key: { column: "id", value: connectionId } }, [owner]);
  const connection = await findConnection(connectionId);
  const current =
    connection &&
    (await readableTokens(connection).catch(async (error: unknown) => {
      await release();
      throw error;
    }));
  if (!connection || !current?.refreshToken) {
    await release();
    await markStopped(
      connectionId,
      "needs_reconnect",
      "The service did not provide a refresh token. Reconnect to continue.",
    );
    throw new AppError("connection_needs_reconnect", "This connection needs to be reconnected.");
  }

  let answer;
  try {
    answer = await callRefresh(current.refreshToken, leaseUntil);
  } catch (error) {
    await release();
    log.warn("connection.refresh_failed", { connectionId, error });
    const refusal = finalRefusal(error);
    metrics().refreshFailures.inc({ kind: refusal ? "refused" : "transient" });
    if (refusal) {
      // A reconnect while we held the lease wrote newer tokens: those are the truth, not a refusal.
      const now = await findConnection(connectionId);
      const newer =
        now && now.status === "active" && now.tokenVersion !== seenVersion ? await readableTokens(now) : null;
      if (newer) return newer;
      await markStopped(connectionId, "needs_reconnect", refusal, "refresh_failed");
      throw new AppError("connection_needs_reconnect", refusal);
    }
    if (!isTransient(error)) throw error;
    // Transient: the connection stays active and the next call tries again.
    await recordEvent(connectionId, "refresh_failed", "The service could not be reached; it will be asked again.");
    throw new AppError(
      "service_unavailable",
      "The service could not be reached to renew access. Please try again in a moment.",
    );
  }

  // Keep the old refresh token when the service sends none back.
  const tokens = { accessToken: answer.access_token, refreshToken: answer.refresh_token ?? current.refreshToken };
  const now = new Date();
  const written = await db().connection.updateMany({
    where: { id: connectionId, tokenVersion: seenVersion, refreshLeaseOwner: owner },
    data: {
      ...sealTokens(connection, tokens),
      scopes: parseScopes(answer.scope, connection.scopes),
      tokenExpiresAt: expiryFrom(answer, now),
      lastRefreshedAt: now,
      tokenVersion: { increment: 1 },
      refreshLeaseOwner: null,
      refreshLeaseUntil: null,
    },
  });
  if (written.count === 0) {
    // Only possible if the row changed under the lease (a reconnect or disconnect meanwhile):
    // theirs is the newer truth.
    await release();
    const winner = await findConnection(connectionId);
    const theirs = winner && winner.status === "active" ? await readableTokens(winner) : null;
    if (!theirs) throw new AppError("connection_needs_reconnect", "This connection needs to be reconnected.");
    return theirs;
  }
  forgetConnection(connectionId);
  await recordEvent(connectionId, "refreshed");
  log.info("connection.refreshed", { connectionId });
  metrics().tokenRefreshes.inc();
  return tokens;
}
