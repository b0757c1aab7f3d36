// Opening a connection's tokens where a call needs them. An envelope that does not open (sealed
// with a key no longer in TOKEN_ENCRYPTION_KEYS, changed in the database, emptied, or missing on a
// connection never disconnected) can never be used again: the connection moves to
// needs-reconnect through markStopped, the one way a connection stops (its event, the banner and
// whatever else follows a stop), with words an admin can act on, and the log says which
// connection and which key id, never the envelope.
import "server-only";
import { AppError } from "@/lib/app-error";
import type { Connection } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { type ConnectionTokens, markStopped, openTokens } from "./store";
import { envelopeKeyId, TokenCipherError } from "./token-cipher";

export const UNREADABLE_TOKENS_MESSAGE =
  "Apportion can no longer read the access this organization gave it: it was locked with an encryption key that is no longer configured, or it was changed in Apportion's database. Reconnect to give access again.";

export async function readableTokens(connection: Connection): Promise<ConnectionTokens | null> {
  try {
    return openTokens(connection);
  } catch (error) {
    if (!(error instanceof TokenCipherError)) throw error;
    log.error("connection.tokens_unreadable", {
      connectionId: connection.id,
      keyId: (connection.accessTokenEnvelope && envelopeKeyId(connection.accessTokenEnvelope)) ?? null,
      reason: error.message,
    });
    await markStopped(connection.id, "needs_reconnect", UNREADABLE_TOKENS_MESSAGE);
    throw new AppError("connection_needs_reconnect", UNREADABLE_TOKENS_MESSAGE);
  }
}
