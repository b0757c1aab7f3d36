import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { markDisconnected, markStopped, openTokens, saveGrant } from "@/lib/connections/store";
import { resetTables } from "../support/app-db";

function grant(organizationId: string, accessToken: string, refreshToken: string | null = `${accessToken}-refresh`) {
  return {
    environment: "playground" as const,
    organizationId,
    organizationName: `Org ${organizationId}`,
    accessToken,
    refreshToken,
    scopes: ["basic", "data_add"],
    expiresAt: null,
  };
}

describe("token store (PostgreSQL)", () => {
  beforeEach(resetTables);

  it("stores tokens sealed: the database never holds them in the clear", async () => {
    const saved = await saveGrant(grant("1001", "plain-access-token-value"));
    const rows = await db().$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "Connection"`);
    expect(JSON.stringify(rows)).not.toContain("plain-access-token-value");
    expect(rows[0]?.tokenKeyId).toBe("dev1");
    expect(openTokens(saved)).toEqual({
      accessToken: "plain-access-token-value",
      refreshToken: "plain-access-token-value-refresh",
    });
  });

  it("reconnecting the same organization updates the same row, never a second one", async () => {
    const first = await saveGrant(grant("1001", "first-token"));
    await markStopped(first.id, "disabled", "Disabled integration");
    const second = await saveGrant(grant("1001", "second-token"));

    expect(second.id).toBe(first.id);
    expect(await db().connection.count()).toBe(1);
    expect(second.status).toBe("active");
    expect(second.statusReason).toBeNull();
    expect(second.tokenVersion).toBe(first.tokenVersion + 1);
    expect(openTokens(second)?.accessToken).toBe("second-token");
    const events = await db().connectionEvent.findMany({
      where: { connectionId: first.id },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual(["connected", "disabled", "reconnected"]);
  });

  it("keeps organizations and environments apart", async () => {
    await saveGrant(grant("1001", "a"));
    await saveGrant(grant("1002", "b"));
    await saveGrant({ ...grant("1001", "c"), environment: "production" });
    expect(await db().connection.count()).toBe(3);
  });

  it("records a stop once, however often the service says so", async () => {
    const saved = await saveGrant(grant("1001", "t"));
    await markStopped(saved.id, "disabled", "Disabled integration");
    await markStopped(saved.id, "disabled", "Disabled integration");
    const row = await db().connection.findUniqueOrThrow({ where: { id: saved.id } });
    expect(row.status).toBe("disabled");
    expect(await db().connectionEvent.count({ where: { connectionId: saved.id, type: "disabled" } })).toBe(1);
  });

  it("disconnecting deletes the tokens and ends existing sessions", async () => {
    const saved = await saveGrant(grant("1001", "t"));
    await markDisconnected(saved.id, "test");
    const row = await db().connection.findUniqueOrThrow({ where: { id: saved.id } });
    expect(row).toMatchObject({
      status: "disconnected",
      accessTokenEnvelope: null,
      refreshTokenEnvelope: null,
      tokenKeyId: null,
      sessionEpoch: saved.sessionEpoch + 1,
    });
    expect(openTokens(row)).toBeNull();
  });
});
