// Re-seals every connection's tokens with the active (first) key, so an old key can be retired.
// Each row is rewritten with a compare-and-swap on tokenVersion: a refresh that happens meanwhile
// wins, and its tokens are already sealed with the active key.
import "server-only";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { forgetConnection, openTokens, sealTokens } from "./store";
import { activeKeyId, TokenCipherError } from "./token-cipher";

export type RotationReport = {
  resealed: number;
  alreadyCurrent: number;
  skipped: number;
  /** Key ids of rows that no configured key opens: those keys must be added back first. */
  unreadableKeyIds: string[];
};

export async function resealAllTokens(): Promise<RotationReport> {
  const active = activeKeyId(getEnv().TOKEN_ENCRYPTION_KEYS);
  const report: RotationReport = { resealed: 0, alreadyCurrent: 0, skipped: 0, unreadableKeyIds: [] };
  const stale = await db().connection.findMany({
    where: { accessTokenEnvelope: { not: null }, NOT: { tokenKeyId: active } },
  });
  report.alreadyCurrent = await db().connection.count({ where: { tokenKeyId: active } });
  for (const connection of stale) {
    let tokens;
    try {
      tokens = openTokens(connection);
    } catch (error) {
      if (!(error instanceof TokenCipherError)) throw error;
      report.unreadableKeyIds.push(connection.tokenKeyId ?? "unknown");
      continue;
    }
    if (!tokens) continue;
    const written = await db().connection.updateMany({
      where: { id: connection.id, tokenVersion: connection.tokenVersion },
      data: { ...sealTokens(connection, tokens) },
    });
    if (written.count === 1) {
      forgetConnection(connection.id);
      report.resealed++;
    } else report.skipped++;
  }
  return report;
}
