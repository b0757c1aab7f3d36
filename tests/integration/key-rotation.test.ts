import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resealAllTokens } from "@/lib/connections/rotate-keys";
import { openTokens, saveGrant } from "@/lib/connections/store";
import { envelopeKeyId } from "@/lib/connections/token-cipher";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import { resetTables } from "../support/app-db";

const OLD = `old1:${randomBytes(32).toString("base64")}`;
const NEW = `new2:${randomBytes(32).toString("base64")}`;

function useKeys(keys: string) {
  process.env.TOKEN_ENCRYPTION_KEYS = keys;
  clearEnvCache();
}

describe("encryption key rotation", () => {
  beforeEach(async () => {
    await resetTables();
    useKeys(OLD);
  });
  afterEach(() => {
    delete process.env.TOKEN_ENCRYPTION_KEYS;
    clearEnvCache();
  });

  it("new writes use the newest key, old rows still open, and the command re-seals them", async () => {
    const saved = await Promise.all(
      ["1001", "1002"].map((id) =>
        saveGrant({
          environment: "playground",
          organizationId: id,
          organizationName: id,
          accessToken: `at-${id}`,
          refreshToken: `rt-${id}`,
          scopes: ["basic"],
          expiresAt: null,
        }),
      ),
    );
    expect(saved.map((c) => c.tokenKeyId)).toEqual(["old1", "old1"]);

    useKeys(`${NEW},${OLD}`);
    const fresh = await saveGrant({
      environment: "playground",
      organizationId: "1003",
      organizationName: "x",
      accessToken: "at-1003",
      refreshToken: null,
      scopes: ["basic"],
      expiresAt: null,
    });
    expect(fresh.tokenKeyId).toBe("new2");
    expect(openTokens(await db().connection.findUniqueOrThrow({ where: { id: saved[0]!.id } }))?.accessToken).toBe(
      "at-1001",
    );

    expect(await resealAllTokens()).toEqual({ resealed: 2, alreadyCurrent: 1, skipped: 0, unreadableKeyIds: [] });
    const rows = await db().connection.findMany({ orderBy: { organizationId: "asc" } });
    expect(
      rows.map((r) => [
        r.tokenKeyId,
        envelopeKeyId(r.accessTokenEnvelope!),
        envelopeKeyId(r.refreshTokenEnvelope ?? "v1.none"),
      ]),
    ).toEqual([
      ["new2", "new2", "new2"],
      ["new2", "new2", "new2"],
      ["new2", "new2", "none"],
    ]);

    // A row sealed with a key that is no longer configured is reported, not lost.
    useKeys(`third3:${randomBytes(32).toString("base64")}`);
    expect((await resealAllTokens()).unreadableKeyIds).toEqual(["new2", "new2", "new2"]);

    // The old key can now be removed.
    useKeys(NEW);
    expect(rows.map((r) => openTokens(r)?.accessToken)).toEqual(["at-1001", "at-1002", "at-1003"]);
  });
});
