// The connection's life against a real emulator over HTTP: calls, refresh, disabled integration,
// refused refresh, and disconnect.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "@/emulator/server";
import { AppError } from "@/lib/app-error";
import { disconnectConnection } from "@/lib/connections/lifecycle";
import { withServiceAccess } from "@/lib/connections/service-access";
import { findConnection, openTokens } from "@/lib/connections/store";
import { db } from "@/lib/db";
import { clearEnvCache } from "@/lib/env";
import { getAccountDetails } from "@/lib/service/account";
import { resetTables } from "../support/app-db";
import { connectOrganization, emulatorState, emulatorSwitch } from "../support/connected-org";

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  useService(emulator.url);
});

function useService(url: string) {
  process.env.SERVICE_BASE_URL = url;
  clearEnvCache();
}
afterAll(() => emulator.close());
beforeEach(async () => {
  await resetTables();
  await emulatorSwitch(emulator, "reset");
});

const details = (id: string) => withServiceAccess(id, (token, target) => getAccountDetails(target, token));

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

describe("calls on a connection's behalf", () => {
  it("call the service with the stored token", async () => {
    const connection = await connectOrganization(emulator);
    expect((await details(connection.id)).organization.id).toBe("1001");
  });

  it("refresh once when the service rejects the token, store the rotated tokens, and go on", async () => {
    const connection = await connectOrganization(emulator);
    const before = openTokens(connection)!;
    await emulatorSwitch(emulator, "revoke-access-tokens", { organization_id: "1001" });

    expect((await details(connection.id)).organization.id).toBe("1001");

    const after = await findConnection(connection.id);
    const tokens = openTokens(after!)!;
    expect(tokens.accessToken).not.toBe(before.accessToken);
    expect(tokens.refreshToken).not.toBe(before.refreshToken);
    expect(after!.lastRefreshedAt).not.toBeNull();
    expect(after!.tokenVersion).toBe(connection.tokenVersion + 1);
    expect((await emulatorState(emulator)).stats.tokenRequests.refresh_token).toBe(1);
    expect(await db().connectionEvent.count({ where: { connectionId: connection.id, type: "refreshed" } })).toBe(1);

    // The rotated refresh token is the one used next time.
    await emulatorSwitch(emulator, "revoke-access-tokens", { organization_id: "1001" });
    expect((await details(connection.id)).organization.id).toBe("1001");
    expect((await emulatorState(emulator)).stats.tokenRequests.refresh_token).toBe(2);
  });

  it("share one refresh among concurrent calls in a process", async () => {
    const connection = await connectOrganization(emulator);
    await emulatorSwitch(emulator, "revoke-access-tokens", { organization_id: "1001" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => details(connection.id)));
    expect(answers.every((a) => a.organization.id === "1001")).toBe(true);
    expect((await emulatorState(emulator)).stats.tokenRequests.refresh_token).toBe(1);
  });

  it("refresh early once the advised expiry has passed", async () => {
    const connection = await connectOrganization(emulator);
    await db().connection.update({
      where: { id: connection.id },
      data: { tokenExpiresAt: new Date(Date.now() - 1000) },
    });
    await details(connection.id);
    expect((await emulatorState(emulator)).stats.tokenRequests.refresh_token).toBe(1);
    expect((await findConnection(connection.id))!.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("keep using the token past its advised expiry when there is no refresh token (tokens do not expire)", async () => {
    const connection = await connectOrganization(emulator);
    const tokens = openTokens(connection)!;
    const { sealTokens } = await import("@/lib/connections/store");
    await db().connection.update({
      where: { id: connection.id },
      data: {
        ...sealTokens(connection, { accessToken: tokens.accessToken, refreshToken: null }),
        tokenExpiresAt: new Date(Date.now() - 1000),
      },
    });
    expect((await details(connection.id)).organization.id).toBe("1001");
    expect((await findConnection(connection.id))!.status).toBe("active");
    expect((await emulatorState(emulator)).stats.tokenRequests.refresh_token).toBe(0);
  });

  it("move to disabled on 'Disabled integration', and stop calling the service", async () => {
    const connection = await connectOrganization(emulator);
    await emulatorSwitch(emulator, "disconnect", { organization_id: "1001" });

    expect(await codeOf(details(connection.id))).toBe("connection_disabled");
    const row = await findConnection(connection.id);
    expect(row).toMatchObject({ status: "disabled" });
    expect(row!.statusReason).toContain("disabled");

    const callsBefore = JSON.stringify((await emulatorState(emulator)).stats);
    expect(await codeOf(details(connection.id))).toBe("connection_disabled");
    expect(JSON.stringify((await emulatorState(emulator)).stats)).toBe(callsBefore);
    // No refresh was attempted for a disabled integration.
    expect((await emulatorState(emulator)).stats.tokenRequests.refresh_token).toBe(0);
  });

  it("move to needs-reconnect when the refresh is refused, without retrying", async () => {
    const connection = await connectOrganization(emulator);
    await emulatorSwitch(emulator, "revoke-access-tokens", { organization_id: "1001" });
    await emulatorSwitch(emulator, "revoke-refresh-tokens", { organization_id: "1001" });

    expect(await codeOf(details(connection.id))).toBe("connection_needs_reconnect");
    expect(await codeOf(details(connection.id))).toBe("connection_needs_reconnect");
    expect((await findConnection(connection.id))!.status).toBe("needs_reconnect");
    expect((await emulatorState(emulator)).stats.tokenRequests.refresh_token).toBe(1);
  });
});

describe("a service that sends no new refresh token", () => {
  let server: Server;
  let refreshes = 0;

  beforeAll(async () => {
    // The spec lists refresh_token in the refresh answer, but a client must not lose the old
    // one if it is absent: this server answers a refresh without one.
    server = createServer((req, res) => {
      res.setHeader("Content-Type", "application/json");
      if (req.url === "/admin/oauth2/token") {
        refreshes++;
        res.end(JSON.stringify({ access_token: `fresh-${refreshes}`, token_type: "bearer", expires_in: 3600 }));
      } else if (req.headers.authorization === `Bearer fresh-${refreshes}`) {
        res.end(JSON.stringify({ organization: { id: 1001, name: "Org" } }));
      } else {
        res.statusCode = 401;
        res.end(JSON.stringify({ valid: false, errors: ["Unauthorized"] }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("keeps the old refresh token", async () => {
    const connection = await connectOrganization(emulator);
    const oldRefresh = openTokens(connection)!.refreshToken;
    useService(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      await details(connection.id);
    } finally {
      useService(emulator.url);
    }
    const tokens = openTokens((await findConnection(connection.id))!)!;
    expect(tokens).toEqual({ accessToken: "fresh-1", refreshToken: oldRefresh });
  });
});

describe("disconnect", () => {
  it("tells the service, deletes the tokens and ends the sessions", async () => {
    const connection = await connectOrganization(emulator);
    expect(await disconnectConnection(connection.id)).toEqual({ serviceNotified: true });

    const grant = (await emulatorState(emulator)).grants.find((g) => g.organization_id === 1001);
    expect(grant?.integration_status?.toLowerCase()).toBe("disconnected");
    const row = await findConnection(connection.id);
    expect(row).toMatchObject({ status: "disconnected", accessTokenEnvelope: null, refreshTokenEnvelope: null });
    expect(row!.sessionEpoch).toBe(connection.sessionEpoch + 1);
  });

  it("still deletes the tokens when the service keeps failing, and says so", async () => {
    const connection = await connectOrganization(emulator);
    await emulatorSwitch(emulator, "faults", { fail: { status: 500, count: 10 } });
    expect(await disconnectConnection(connection.id)).toEqual({ serviceNotified: false });
    expect((await findConnection(connection.id))!.accessTokenEnvelope).toBeNull();
  });
});
