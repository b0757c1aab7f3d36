// The session check opens next-auth's cookie with next-auth's own decode (no getServerSession):
// a token next-auth wrote is accepted; a tampered, expired, foreign or stale one is not.
import { encode } from "next-auth/jwt";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getCurrentConnection, SESSION_COOKIE_NAMES } from "@/lib/auth/session";
import { markDisconnected, saveGrant } from "@/lib/connections/store";
import { getEnv } from "@/lib/env";
import { resetTables } from "../support/app-db";

const jar = new Map<string, string>();
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
  }),
}));

const HTTP_NAME = SESSION_COOKIE_NAMES[0]; // the development NEXTAUTH_URL is http

async function signIn(token: Record<string, unknown>, options: { maxAge?: number; secret?: string } = {}) {
  jar.set(
    HTTP_NAME,
    await encode({ token, secret: options.secret ?? getEnv().NEXTAUTH_SECRET, maxAge: options.maxAge }),
  );
}

async function connection() {
  return saveGrant({
    environment: "playground",
    organizationId: "3001",
    organizationName: "Org 3001",
    accessToken: "a",
    refreshToken: null,
    scopes: ["basic"],
    expiresAt: null,
  });
}

describe("session check (PostgreSQL)", () => {
  beforeEach(async () => {
    jar.clear();
    await resetTables();
  });

  it("accepts the token next-auth wrote, while the connection and its epoch hold", async () => {
    const c = await connection();
    await signIn({ sub: c.id, connectionId: c.id, sessionEpoch: c.sessionEpoch });
    expect((await getCurrentConnection())?.id).toBe(c.id);
  });

  it("refuses no cookie, a tampered one, another secret's, an expired one, and the wrong cookie name", async () => {
    const c = await connection();
    expect(await getCurrentConnection()).toBeNull();
    await signIn({ connectionId: c.id, sessionEpoch: c.sessionEpoch });
    const good = jar.get(HTTP_NAME)!;
    jar.set(HTTP_NAME, `${good.slice(0, -4)}AAAA`);
    expect(await getCurrentConnection()).toBeNull();
    await signIn(
      { connectionId: c.id, sessionEpoch: c.sessionEpoch },
      { secret: "another-secret-of-at-least-32-characters!" },
    );
    expect(await getCurrentConnection()).toBeNull();
    await signIn({ connectionId: c.id, sessionEpoch: c.sessionEpoch }, { maxAge: -60 });
    expect(await getCurrentConnection()).toBeNull();
    jar.clear();
    jar.set(SESSION_COOKIE_NAMES[1], good); // the __Secure- name is next-auth's only on https
    expect(await getCurrentConnection()).toBeNull();
  });

  it("refuses a token without the connection's fields", async () => {
    const c = await connection();
    await signIn({ sub: c.id });
    expect(await getCurrentConnection()).toBeNull();
    await signIn({ connectionId: c.id, sessionEpoch: String(c.sessionEpoch) });
    expect(await getCurrentConnection()).toBeNull();
  });

  it("ends at disconnect: the epoch moved on", async () => {
    const c = await connection();
    await signIn({ connectionId: c.id, sessionEpoch: c.sessionEpoch });
    await markDisconnected(c.id, "test");
    expect(await getCurrentConnection()).toBeNull();
  });

  it("refuses a cookie it opened before once that cookie has expired (checked on every use)", async () => {
    const c = await connection();
    await signIn({ connectionId: c.id, sessionEpoch: c.sessionEpoch }, { maxAge: 60 });
    expect((await getCurrentConnection())?.id).toBe(c.id);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 70_000); // within decode's 15 s tolerance: still accepted
      expect((await getCurrentConnection())?.id).toBe(c.id);
      vi.setSystemTime(Date.now() + 10_000);
      expect(await getCurrentConnection()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads a cookie next-auth split into chunks", async () => {
    const c = await connection();
    await signIn({ connectionId: c.id, sessionEpoch: c.sessionEpoch });
    const whole = jar.get(HTTP_NAME)!;
    jar.clear();
    jar.set(`${HTTP_NAME}.1`, whole.slice(100));
    jar.set(`${HTTP_NAME}.0`, whole.slice(0, 100));
    expect((await getCurrentConnection())?.id).toBe(c.id);
  });
});
