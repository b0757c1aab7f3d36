// Audit finding 7: a token envelope that cannot be opened (its key removed from
// TOKEN_ENCRYPTION_KEYS, or the row changed) gave a 500 on every call. The connection must move
// to needs-reconnect, say why in words an admin understands, and log it without secrets.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type RunningEmulator, startEmulator } from "@/emulator/server";
import { AppError } from "@/lib/app-error";
import { checkConnection, disconnectConnection } from "@/lib/connections/lifecycle";
import { UNREADABLE_TOKENS_MESSAGE } from "@/lib/connections/readable-tokens";
import { withServiceAccess } from "@/lib/connections/service-access";
import { findConnection, sealTokens } from "@/lib/connections/store";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import type { Connection } from "@/lib/generated/prisma/client";
import { resetTables } from "../support/app-db";
import { connectOrganization, emulatorState, emulatorSwitch } from "../support/connected-org";

let emulator: RunningEmulator;
let logged: string[];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  process.env.SERVICE_BASE_URL = emulator.url;
  clearEnvCache();
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await resetTables();
  await emulatorSwitch(emulator, "reset");
  logged = [];
  process.env.APPORTION_SILENT_LOGS = "0";
  // lib/log.ts writes its JSON lines to standard output.
  vi.spyOn(process.stdout, "write").mockImplementation((line: string | Uint8Array) => {
    logged.push(String(line));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  process.env.APPORTION_SILENT_LOGS = "1";
  delete process.env.TOKEN_ENCRYPTION_KEYS;
  clearEnvCache();
});

/** Flips one character of the sealed text, as a changed row would. */
function tampered(envelope: string): string {
  const parts = envelope.split(".");
  const body = parts[4]!;
  parts[4] = (body[0] === "A" ? "B" : "A") + body.slice(1);
  return parts.join(".");
}

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectNeedsReconnect(connection: Connection) {
  const error = await refusalOf(checkConnection(connection.id));
  expect(error.code).toBe("connection_needs_reconnect");
  expect(error.status).toBe(409);
  expect(error.message).toBe(UNREADABLE_TOKENS_MESSAGE);

  const row = await findConnection(connection.id);
  expect(row).toMatchObject({ status: "needs_reconnect", statusReason: UNREADABLE_TOKENS_MESSAGE });
  const events = await db().connectionEvent.findMany({
    where: { connectionId: connection.id, type: "needs_reconnect" },
  });
  expect(events.map((e) => e.detail)).toEqual([UNREADABLE_TOKENS_MESSAGE]);

  // Logged once, naming the connection, with nothing sealed or secret in the line.
  const lines = logged.filter((l) => l.includes("connection.tokens_unreadable"));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(connection.id);
  for (const secret of [connection.accessTokenEnvelope!, connection.refreshTokenEnvelope!]) {
    expect(lines[0]).not.toContain(secret.split(".")[4]);
  }

  // The next call does not try again, nor call the service.
  const before = JSON.stringify((await emulatorState(emulator)).stats);
  expect((await refusalOf(checkConnection(connection.id))).code).toBe("connection_needs_reconnect");
  expect(JSON.stringify((await emulatorState(emulator)).stats)).toBe(before);
}

describe("a token envelope that cannot be opened", () => {
  it("tampered in the database: needs reconnect, in words", async () => {
    const connection = await connectOrganization(emulator);
    await db().connection.update({
      where: { id: connection.id },
      data: { accessTokenEnvelope: tampered(connection.accessTokenEnvelope!) },
    });
    await expectNeedsReconnect(connection);
  });

  it("sealed with a key no longer listed: needs reconnect, and the log names the key id only", async () => {
    const connection = await connectOrganization(emulator);
    process.env.TOKEN_ENCRYPTION_KEYS = `other9:${randomBytes(32).toString("base64")}`;
    clearEnvCache();
    await expectNeedsReconnect(connection);
    const line = logged.find((l) => l.includes("connection.tokens_unreadable"))!;
    expect(JSON.parse(line)).toMatchObject({ keyId: "dev1", reason: 'Token sealed with unknown key "dev1"' });
  });

  it("only the refresh token unreadable: needs reconnect before any refresh is tried", async () => {
    const connection = await connectOrganization(emulator);
    await db().connection.update({
      where: { id: connection.id },
      data: {
        refreshTokenEnvelope: tampered(connection.refreshTokenEnvelope!),
        tokenExpiresAt: new Date(Date.now() - 1000),
      },
    });
    await expectNeedsReconnect(connection);
    expect((await emulatorState(emulator)).stats.tokenRequests.refresh_token).toBe(0);
  });

  // An empty envelope (or none, on a connection that was never disconnected)
  // left the connection active while every call failed ("Connect an organization first.").
  it("an empty access envelope: needs reconnect, like a changed one", async () => {
    const connection = await connectOrganization(emulator);
    await db().connection.update({ where: { id: connection.id }, data: { accessTokenEnvelope: "" } });
    await expectNeedsReconnect(connection);
  });

  it("no access envelope on a connection that was never disconnected: needs reconnect", async () => {
    const connection = await connectOrganization(emulator);
    await db().connection.update({ where: { id: connection.id }, data: { accessTokenEnvelope: null } });
    await expectNeedsReconnect(connection);
  });

  it("an empty refresh envelope: needs reconnect before any call", async () => {
    const connection = await connectOrganization(emulator);
    await db().connection.update({ where: { id: connection.id }, data: { refreshTokenEnvelope: "" } });
    await expectNeedsReconnect(connection);
    expect((await emulatorState(emulator)).stats.tokenRequests.refresh_token).toBe(0);
  });

  it("an envelope that opens to an empty token: needs reconnect", async () => {
    const connection = await connectOrganization(emulator);
    const empty = sealTokens(connection, { accessToken: "", refreshToken: null });
    await db().connection.update({
      where: { id: connection.id },
      data: { accessTokenEnvelope: empty.accessTokenEnvelope },
    });
    await expectNeedsReconnect(connection);
  });

  it("both envelopes garbled (not envelopes at all): needs reconnect, the log shows none of it", async () => {
    const connection = await connectOrganization(emulator);
    const garbage = "not-an-envelope.Zm9vYmFyc2VjcmV0";
    await db().connection.update({
      where: { id: connection.id },
      data: { accessTokenEnvelope: garbage, refreshTokenEnvelope: garbage },
    });
    await expectNeedsReconnect(connection);
    const line = logged.find((l) => l.includes("connection.tokens_unreadable"))!;
    expect(line).not.toContain("Zm9vYmFyc2VjcmV0");
    expect(line).not.toContain("not-an-envelope");
  });

  it("the first call through the service marks it, whatever the caller (a sync, the outbox)", async () => {
    const connection = await connectOrganization(emulator);
    await db().connection.update({ where: { id: connection.id }, data: { accessTokenEnvelope: "" } });
    const error = await refusalOf(withServiceAccess(connection.id, async () => "called"));
    expect(error.code).toBe("connection_needs_reconnect");
    expect(await findConnection(connection.id)).toMatchObject({ status: "needs_reconnect" });
  });

  it("can still be disconnected: the tokens are deleted", async () => {
    const connection = await connectOrganization(emulator);
    await db().connection.update({
      where: { id: connection.id },
      data: { accessTokenEnvelope: tampered(connection.accessTokenEnvelope!) },
    });
    expect(await disconnectConnection(connection.id)).toEqual({ serviceNotified: false });
    expect(await findConnection(connection.id)).toMatchObject({ status: "disconnected", accessTokenEnvelope: null });
  });
});
