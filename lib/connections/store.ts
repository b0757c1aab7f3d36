// The token store: connections, their sealed tokens, and their audit trail.
import "server-only";
import { db } from "@/lib/db";
import { sqlRows } from "@/lib/db-sql";
import { getEnv, type ServiceEnvironment } from "@/lib/env";
import type { Connection, ConnectionEventType } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { missingScopes } from "@/lib/scopes";
import type { TokenResponse } from "@/lib/service/schemas";
import { existingProcessConnectionCache, processConnectionCache } from "./connection-cache";
import { activeKeyId, type Keyring, open, seal, TokenCipherError } from "./token-cipher";

export type ConnectionTokens = { accessToken: string; refreshToken: string | null };

// Envelopes are bound to the organization and field they belong to (see token-cipher.ts).
function context(c: Pick<Connection, "environment" | "organizationId">, field: "access" | "refresh") {
  return `${c.environment}:${c.organizationId}:${field}`;
}

export function sealTokens(
  owner: Pick<Connection, "environment" | "organizationId">,
  tokens: { accessToken: string; refreshToken: string | null },
) {
  const keys = getEnv().TOKEN_ENCRYPTION_KEYS;
  return {
    accessTokenEnvelope: seal(tokens.accessToken, keys, context(owner, "access")),
    refreshTokenEnvelope: tokens.refreshToken ? seal(tokens.refreshToken, keys, context(owner, "refresh")) : null,
    tokenKeyId: activeKeyId(keys),
  };
}

/**
 * The connection's tokens, or null once it is disconnected (markDisconnected deletes them). Any
 * other connection without an access token, or with an empty envelope or token, has lost what it
 * was given: a TokenCipherError, as an envelope that does not open (readable-tokens.ts). A missing
 * refresh token is the service's choice (it may send none); an empty one is not.
 */
export function openTokens(connection: Connection): ConnectionTokens | null {
  if (connection.accessTokenEnvelope === null && connection.status === "disconnected") return null;
  const keys = getEnv().TOKEN_ENCRYPTION_KEYS;
  return {
    accessToken: openToken(connection.accessTokenEnvelope, keys, context(connection, "access")),
    refreshToken:
      connection.refreshTokenEnvelope === null
        ? null
        : openToken(connection.refreshTokenEnvelope, keys, context(connection, "refresh")),
  };
}

function openToken(envelope: string | null, keys: Keyring, context: string): string {
  if (!envelope) throw new TokenCipherError("No token envelope is stored");
  const token = open(envelope, keys, context);
  if (token === "") throw new TokenCipherError("The token envelope holds an empty token");
  return token;
}

/** expires_in is advice (the spec says tokens do not expire); kept so a refresh can be early. */
export function expiryFrom(tokens: Pick<TokenResponse, "expires_in" | "created_at">, now = new Date()): Date | null {
  if (tokens.expires_in === undefined) return null;
  const issuedAt = tokens.created_at !== undefined ? new Date(tokens.created_at * 1000) : now;
  return new Date(issuedAt.getTime() + tokens.expires_in * 1000);
}

/** The scopes the server granted. RFC 6749 §5.1: an answer without `scope` granted what was
 *  asked (a first grant) or what was granted before (a refresh, §6). */
export function parseScopes(scope: string | undefined, fallback: readonly string[]): string[] {
  return scope ? scope.split(/[\s,]+/).filter(Boolean) : [...fallback];
}

type Grant = {
  environment: ServiceEnvironment;
  organizationId: string;
  organizationName: string;
  accessToken: string;
  refreshToken: string | null;
  scopes: string[];
  expiresAt: Date | null;
};

/** One connection per organization and environment: reconnecting updates the same row. */
export async function saveGrant(grant: Grant): Promise<Connection> {
  const owner = { environment: grant.environment, organizationId: grant.organizationId };
  const now = new Date();
  const scopes = grant.scopes;
  const fields = {
    organizationName: grant.organizationName,
    scopes,
    status: "active" as const,
    statusReason: null,
    ...sealTokens(owner, { accessToken: grant.accessToken, refreshToken: grant.refreshToken }),
    tokenExpiresAt: grant.expiresAt,
    connectedAt: now,
    lastCheckedAt: now,
  };
  const saved = await db().$transaction(async (tx) => {
    const existing = await tx.connection.findUnique({ where: { environment_organizationId: owner } });
    const connection = await tx.connection.upsert({
      where: { environment_organizationId: owner },
      create: { ...owner, ...fields },
      update: { ...fields, tokenVersion: { increment: 1 } },
    });
    const missing = missingScopes(scopes, getEnv().SERVICE_SCOPES);
    await tx.connectionEvent.create({
      data: {
        connectionId: connection.id,
        type: existing ? "reconnected" : "connected",
        detail: `Scopes: ${scopes.join(" ")}${missing.length > 0 ? `. Not granted: ${missing.join(" ")}` : ""}`,
      },
    });
    if (missing.length > 0) log.warn("connection.scopes_missing", { connectionId: connection.id, missing });
    return connection;
  });
  forgetConnection(saved.id);
  return saved;
}

export async function recordEvent(connectionId: string, type: ConnectionEventType, detail?: string) {
  await db().connectionEvent.create({ data: { connectionId, type, detail } });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The connection row as the session check and service calls read it, on every request: from this
 * process's cache while it is kept fresh by LISTEN/NOTIFY (connection-cache.ts), else from the
 * database. The bookkeeping columns (UNANNOUNCED_COLUMNS) of a cached row may be older than the
 * database's; read with findConnection where they matter.
 */
export function readConnection(id: string): Promise<Readonly<Connection> | null> {
  return processConnectionCache().read(id, findConnection);
}

/**
 * Forgets this process's copy of a row it has just changed, without waiting for its own
 * notification (which every other process relies on). Call it after the write has committed.
 */
export function forgetConnection(id: string): void {
  existingProcessConnectionCache()?.forget(id);
}

/**
 * The connection row from the database. As one plain SQL statement on the pool (sqlRows):
 * Prisma's model query costs about 0.6 ms more here for the same row, its $queryRaw 0.4 ms (the
 * columns are the model's fields, unmapped; tests/integration/connection-raw-reads.test.ts
 * compares the reads).
 */
export async function findConnection(id: string): Promise<Connection | null> {
  if (!UUID.test(id)) return null;
  const rows = await sqlRows<Connection>(`SELECT * FROM "Connection" WHERE "id" = $1::uuid`, [id]);
  return rows[0] ?? null;
}

/**
 * Records a successful check (with the organization's name as the service now gives it, when it
 * gives one) and returns the connection as it now is: one statement, as plain SQL for the same
 * reason as findConnection (sqlRows). Sets updatedAt as Prisma's @updatedAt would.
 *
 * Its commit does not wait for the write-ahead log to reach the disk (synchronous_commit off for
 * this one transaction): that wait was most of the statement's time (1.8 against 0.5 ms here, on
 * every health check), and a database crash can then lose at most the last fraction of a second
 * of check times, never leave a partial row. The next check writes them again.
 */
export async function recordCheck(id: string, organizationName: string | undefined): Promise<Connection | null> {
  const now = new Date();
  const rows = await sqlRows<Connection>(
    `WITH "relaxed" AS (SELECT set_config('synchronous_commit', 'off', true))
     UPDATE "Connection"
     SET "lastCheckedAt" = $2::timestamp, "updatedAt" = $2::timestamp,
         "organizationName" = COALESCE($3::text, "organizationName")
     FROM "relaxed"
     WHERE "id" = $1::uuid
     RETURNING "Connection".*`,
    // Stored as UTC without a zone, as Prisma writes it (pg would send a Date in local time).
    [id, now.toISOString().replace("T", " ").replace("Z", ""), organizationName || null],
  );
  const checked = rows[0] ?? null;
  // Usually only the check's time changed, which the cache does not hold; a new name it does.
  if (checked) existingProcessConnectionCache()?.forgetIfChanged(checked);
  return checked;
}

/** Moves an active connection to a stopped state once, recording why (as `event`, when the
 *  state's own event type does not say it: a refused refresh is "refresh_failed"). */
export async function markStopped(
  id: string,
  status: "disabled" | "needs_reconnect",
  reason: string,
  event: ConnectionEventType = status,
): Promise<void> {
  const changed = await db().connection.updateMany({
    where: { id, status: "active" },
    data: { status, statusReason: reason },
  });
  if (changed.count > 0) {
    forgetConnection(id);
    await recordEvent(id, event, reason);
  }
}

/** Deletes the tokens and ends every session issued for this connection. */
export async function markDisconnected(id: string, detail: string): Promise<void> {
  await db().$transaction([
    db().connection.update({
      where: { id },
      data: {
        status: "disconnected",
        statusReason: "Disconnected by an administrator.",
        accessTokenEnvelope: null,
        refreshTokenEnvelope: null,
        tokenKeyId: null,
        tokenExpiresAt: null,
        tokenVersion: { increment: 1 },
        sessionEpoch: { increment: 1 },
      },
    }),
    db().connectionEvent.create({ data: { connectionId: id, type: "disconnected", detail } }),
  ]);
  forgetConnection(id);
}
